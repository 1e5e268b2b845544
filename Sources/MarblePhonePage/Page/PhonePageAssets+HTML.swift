extension PhonePageAssets {
    // Placeholder: the page is being written.
    static let pageHTML = #"""
    <!doctype html><html><head><meta charset="utf-8"><title>Marble</title></head>
    <body><button id="start">Start</button><script src="/phone.js"></script></body></html>
    """#
}
