extension PhonePageAssets {
    // Placeholder: the script is being written.
    static let pageScript = #"""
    "use strict";
    """#
}
