import ArgumentParser
import Foundation
import MarbleKit

/// `marble class pull`: the teacher brings every handed-in drawing into a class gallery.
struct ClassPullCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pull",
        abstract: "Bring every drawing handed in to the class folder into a class gallery (only what is new).")

    @Option(help: ArgumentHelp("The class gallery (a drawing store of its own). Default: the store's class/gallery.", valueName: "DIR"))
    var into: String?

    @OptionGroup var storeOptions: StoreOptions

    func run() throws {
        let environment = Environment.live()
        let connection = try storeOptions.classConnection(environment)
        let root = DrawingStateStore.location(explicit: storeOptions.store, folders: .current)
        let galleryRoot = into ?? root + "/class/gallery"
        let gallery = try storeCall { () throws(StoreError) in try DrawingStateStore(root: galleryRoot, environment: environment) }
        let summary = try classCall { () throws(ClassProblem) in
            try ClassPull(transport: try connection.transport(), gallery: gallery).pull()
        }
        for s in summary.skipped { complain("skipped \(s.path): \(s.why)") }
        for n in summary.notes { complain(n) }
        for a in summary.added { print("\(a.child.isEmpty ? "-" : a.child)  \(a.id)  \(a.path)") }
        print("Pulled \(summary.added.count) new, \(summary.unchanged) already here, \(summary.skipped.count) skipped, into \(galleryRoot).")
    }
}

/// `marble class report`: every child's drawings and how they moved.
struct ClassReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "List every child of a class gallery: their drawings, seconds moving, laps tilted, circles turned, trace stars.")

    @Option(help: ArgumentHelp("The class gallery made by 'marble class pull'. Default: the store's class/gallery.", valueName: "DIR"))
    var store: String?

    @Flag(help: "Print JSON: {\"children\": [{name, drawings: [...], seconds_moving, laps_tilted, circles_turned, stars}]}.")
    var json = false

    func run() throws {
        let environment = Environment.live()
        let root = store ?? DrawingStateStore.location(explicit: nil, folders: .current) + "/class/gallery"
        let gallery = try storeCall { () throws(StoreError) in try DrawingStateStore(root: root, environment: environment) }
        let report = ClassReport(gallery: gallery)
        for n in report.notes { complain(n) }
        if json {
            print(JSONValue.object([("children", .array(report.children.map(\.json)))]).text)
            return
        }
        if report.children.isEmpty { print("No drawings in \(root) yet: pull them with 'marble class pull'.") }
        for c in report.children {
            let stars = c.stars > 0 ? ", \(c.stars) trace star\(c.stars == 1 ? "" : "s")" : ""
            print("\(c.name.isEmpty ? "(no name)" : c.name): \(plural(c.drawings.count, "drawing")), "
                  + "\(String(format: "%.0f", c.secondsMoving)) s moving, \(String(format: "%.1f", c.lapsTilted)) laps tilted, \(String(format: "%.1f", c.circlesTurned)) circles turned\(stars)")
            for d in c.drawings {
                print("  \(d.id)  \(d.code.isEmpty ? "      " : d.code)  \(String(format: "%.0f", d.secondsMoving)) s  \(d.title)")
            }
        }
    }
}

extension ClassReport.Child {
    var json: JSONValue {
        func r(_ x: Double) -> JSONValue { .number((x * 100).rounded() / 100) }
        return .object([
            ("name", .string(name)),
            ("drawings", .array(drawings.map { d in
                .object([("id", .string(d.id)), ("title", .string(d.title)), ("code", .string(d.code)),
                         ("seconds_moving", r(d.secondsMoving)), ("laps_tilted", r(d.lapsTilted)),
                         ("circles_turned", r(d.circlesTurned)), ("stars", d.stars.map { .integer($0) } ?? .null)])
            })),
            ("seconds_moving", r(secondsMoving)), ("laps_tilted", r(lapsTilted)),
            ("circles_turned", r(circlesTurned)), ("stars", .integer(stars)),
        ])
    }
}
