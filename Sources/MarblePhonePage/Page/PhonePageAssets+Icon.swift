extension PhonePageAssets {
    /// A marble on a board.
    static let pageIcon = #"""
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#f4efe6"/><circle cx="32" cy="32" r="16" fill="#e69f00"/></svg>
    """#
}
