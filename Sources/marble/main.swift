// The `marble` program: wiring only.
MarbleCommand.main(PhonePageArgument.filled(Array(CommandLine.arguments.dropFirst())))
