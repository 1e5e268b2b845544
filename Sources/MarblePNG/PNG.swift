public enum MarblePNG {}
