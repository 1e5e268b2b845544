print("marble")
