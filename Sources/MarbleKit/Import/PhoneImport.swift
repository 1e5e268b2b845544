import Foundation

/// Turns exports of phone sensor apps (Sensor Logger, phyphox) into a marble log.
///
/// The format is recognised by each file's header row and, where two apps' files share a
/// header (Sensor Logger's `Gravity.csv` and `Magnetometer.csv`), by the file name. Columns
/// are found by name, since their order differs between app versions.
public enum PhoneImport {
    /// Imports files and/or folders into one marble log, reading them through `io` (the environment's).
    ///
    /// A folder contributes the files directly inside it and those one level down (a
    /// phyphox export keeps `meta/` there; an unpacked zip often adds one folder). Files
    /// named explicitly are read whatever their extension; in folders, `.csv`, `.tsv` and
    /// `.txt` files are read, hidden files and `__MACOSX` folders skipped.
    /// - Throws: `missing` for a path that does not exist, `nothingImportable` when no
    ///   recording is found, `badData` for a recognised file with an unusable row.
    public static func importLog(paths: [String], io: FileIO) throws(ImportError) -> ImportResult {
        guard !paths.isEmpty else { throw .nothingImportable(lookedFor: "files or folders to read, but no path was given") }
        let files = try gatherFiles(paths)
        var survey = ImportSurvey()
        var tables: [CSVTable] = []
        for file in files {
            if let table = CSVTable.open(path: file, io: io) { tables.append(table) } else { survey.add(file, "not readable as text with a header row") }
        }
        if let result = try SensorLogger.importRecording(from: tables, survey: &survey) { return result }
        if let result = try Phyphox.importRecording(from: tables, survey: &survey) { return result }
        for table in tables { survey.add(table.path, "header row not recognised ('\(table.headerText)')") }
        throw .nothingImportable(lookedFor: survey.lookedFor(files: files))
    }

    // MARK: Files

    /// The files named by `paths`: files as given, folders expanded one level down.
    static func gatherFiles(_ paths: [String]) throws(ImportError) -> [String] {
        var out: [String] = []
        var seen = Set<String>()
        for path in paths {
            guard !path.isEmpty, let st = POSIX.status(path) else { throw .missing(path: path) }
            let found = st.isFolder ? listFolder(path, levelsDown: 1) : [path]
            for file in found where seen.insert((file as NSString).standardizingPath).inserted {
                out.append(file)
            }
        }
        return out
    }

    private static let folderExtensions: Set<String> = ["csv", "tsv", "txt"]

    private static func listFolder(_ folder: String, levelsDown: Int) -> [String] {
        var files: [String] = []
        var subfolders: [String] = []
        for name in Files.list(folder) where !name.hasPrefix(".") && name != "__MACOSX" {
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            guard let st = POSIX.status(path) else { continue }
            if st.isFolder {
                if levelsDown > 0 { subfolders.append(path) }
            } else if folderExtensions.contains((name as NSString).pathExtension.lowercased()) {
                files.append(path)
            }
        }
        // The folder's own files come first, so they win over a copy one level down.
        return files + subfolders.flatMap { listFolder($0, levelsDown: levelsDown - 1) }
    }

    // MARK: Samples

    /// One pen-down sample per down vector, t in seconds from the first, heading from the
    /// track (0 without one).
    static func samples(times: [Double], downs: [DeviceVector], heading: HeadingTrack?) -> [Sample] {
        guard let origin = times.first else { return [] }
        return zip(times, downs).map { t, down in
            Sample(t: t - origin, tilt: DownVector.tilt(down), heading: heading?.heading(at: t) ?? 0, penDown: true)
        }
    }
}

/// What was found in each file, for the message when nothing could be imported.
struct ImportSurvey {
    private var entries: [String] = []
    private var seen = Set<String>()

    /// Records why `path` was not used (the first reason given for a path stands).
    mutating func add(_ path: String, _ reason: String) {
        guard seen.insert(path).inserted else { return }
        entries.append("\((path as NSString).lastPathComponent): \(reason)")
    }

    /// The `nothingImportable` text: what was looked for, then what each file was.
    func lookedFor(files: [String]) -> String {
        var text = "\(PhoneImport.SensorLogger.lookedFor); or \(PhoneImport.Phyphox.lookedFor)"
        if files.isEmpty {
            text += ". No files were found (folders are read one level down; .csv, .tsv and .txt files)."
        } else {
            let shown = entries.prefix(12)
            text += ". Found \(plural(files.count, "file"))"
            if !shown.isEmpty { text += ": " + shown.joined(separator: "; ") }
            if entries.count > shown.count { text += "; and \(entries.count - shown.count) more" }
            text += "."
        }
        return text
    }
}
