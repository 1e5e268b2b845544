// The `marble` program: wiring only.
MarbleCommand.main()
