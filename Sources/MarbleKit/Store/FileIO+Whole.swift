extension FileIO {
    /// A whole file's bytes, read through this seam; nil when it does not exist. A symbolic
    /// link is refused, as the store refuses one: a reader outside MarbleKit (the phone page's
    /// certificate) keeps only its own files too.
    public func wholeFile(_ path: String) throws(StoreError) -> [UInt8]? {
        try Files.read(path, io: self)
    }
}
