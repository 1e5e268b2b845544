import MarbleKit

/// The class folder as the window sees it: whether one is set, the outbox, the courier thread,
/// the hand-in or fetch under way, and each drawing's latest hand-in.
///
/// The one owner of the class folder's state in the app. Everything slow (encoding, fsyncs,
/// the server) runs on threads of its own (`ClassJob`, `CourierThread`); the frame calls
/// `poll()` once and the scenes read what it took.
final class ClassDesk {
    /// The connection, the outbox and the courier sending with it; nil when no class folder is
    /// set on this machine (no Hand in shown). Replaced whole when Settings ▸ Class ▸ Set up saves.
    private(set) var live: Live?
    /// Why a class folder that is set cannot be used (told on Settings ▸ Class), if it cannot.
    private(set) var problem: String?
    /// The setup as it is now (the last child to hand in changes it).
    private(set) var setup: ClassSetup?
    let store: DrawingStateStore
    /// The setup being checked (and then saved) on a thread of its own, if any.
    private(set) var setting: ClassSetupJob?
    /// The hand-in being kept in the outbox, if any: its drawing, its child and its job.
    private(set) var handing: (drawing: String, child: String, job: ClassJob<HandIn>)?
    /// The drawing being fetched by its code, if any.
    private(set) var fetching: ClassJob<String>?
    /// Each drawing's latest hand-in, by drawing id.
    private(set) var statuses: [String: HandInStatus] = [:]
    private var seenRevision = 0
    /// The class screens' own state: the drawing waiting for a name, the code typed, the class gallery.
    var screens = ClassScreens()
    /// The class gallery (`ROOT/class/gallery`), opened when the Class screen first shows.
    private(set) var gallery: DrawingStateStore?

    /// The class folder of `store`'s machine, if one is set; the courier starts sending at once.
    init(store: DrawingStateStore, log: (String) -> Void) {
        self.store = store
        var connection: ClassConnection?
        var problem: String?
        do throws(ClassProblem) {
            connection = try ClassConnection.of(storeRoot: store.root, environment: store.environment)
        } catch {
            problem = error.description
            log("class folder: \(error)")
        }
        setup = connection?.setup ?? (try? ClassSetupFile(storeRoot: store.root, io: store.environment.io).load()) ?? nil
        // A setup that would sign in over plain http:// to another machine, not allowed: every
        // hand-in waits on it, so Settings ▸ Class says so at once.
        if problem == nil, let setup, setup.signsInUnencrypted, !setup.allowsPlainHTTP {
            problem = ClassProblem.plainHTTP((try? setup.address.description) ?? setup.url).description
        }
        self.problem = problem
        live = connection.map { Live($0, store: store) }
    }

    /// The class folder's connection; nil when none is set on this machine.
    var connection: ClassConnection? { live?.connection }
    var outbox: Outbox? { live?.outbox }
    var courier: CourierThread? { live?.courier }

    /// Whether a password is kept on this machine, and the origin it was typed for (read when
    /// the setup form opens; never its text).
    func passwordKept() -> (kept: Bool, origin: String?) {
        let kept = (try? ClassSetupFile(storeRoot: store.root, io: store.environment.io).keptPassword()) ?? nil
        return (kept != nil, kept?.origin)
    }

    /// Whether Hand in is offered.
    var isSet: Bool { connection != nil }

    /// The children to choose from, the last to hand in here first (none: hand in directly).
    var names: [String] { setup?.namesLastFirst ?? [] }

    /// Starts keeping a hand-in of `drawing` for `child`; `parts` makes what goes (on the job's
    /// thread). False when one is being kept already or no class folder is set.
    func startHandIn(_ drawing: String, child: String, parts: @escaping @Sendable () throws -> Outbox.Parts) -> Bool {
        guard handing == nil, setting == nil, let connection, let outbox else { return false }
        let folder = connection.folder(for: child)
        var after = setup
        after?.handedIn(by: child)
        let setupFile = ClassSetupFile(storeRoot: store.root, io: store.environment.io)
        let job = ClassJob<HandIn>(name: "hand-in", clock: store.environment.monotonic) { [after] in
            let handIn = try outbox.add(try parts(), child: child, folder: folder)
            // The child comes first next time; a setup that cannot be kept costs only that.
            if let after, !child.isEmpty { try? setupFile.save(after) }
            return handIn
        }
        handing = (drawing, child, job)
        return true
    }

    /// Starts fetching the drawing handed in as `code` and adopting it into the store; the job
    /// gives the new drawing's id.
    func startFetch(_ code: DrawingCode) -> Bool {
        guard fetching == nil, let connection else { return false }
        let store = store
        fetching = ClassJob<String>(name: "fetch", clock: store.environment.monotonic) {
            let transport = try connection.transport()
            guard let path = try ClassLookup.picture(code, in: transport) else {
                throw ClassProblem.noSuchCode(code.text, folder: connection.setup.url)
            }
            let found = try PictureChunk.extractRecovering(from: try transport.read(path, limit: 64 << 20))
            let drawing = try store.adopt(journal: found.drawing, source: path)
            try drawing.close()
            return drawing.id
        }
        return true
    }

    /// Starts checking `setup` (Settings ▸ Class ▸ Set up) on its own thread; once the folder
    /// answers and takes a file, the setup and the password are saved and it goes live at the
    /// next `poll`. A nil `password` keeps the one kept only for the same server (scheme, name
    /// and port): a new server that is signed in to needs its own, asked for before any
    /// connection. False when a check is under way.
    func startSetup(_ setup: ClassSetup, password: String?) -> Bool {
        // A hand-in being kept writes the setup too (its child first next time): one at a time.
        guard setting == nil, handing == nil else { return false }
        let environment = store.environment
        let file = ClassSetupFile(storeRoot: store.root, io: environment.io)
        let cancelled = ClassSetupJob.Flag()
        // The school's authority stays; plain http:// stays allowed for the same server alone.
        var setup = setup.keepingTrust(of: self.setup)
        // The child who handed in last here stays first, if they are still named.
        if let last = self.setup?.lastChild { setup.handedIn(by: last) }
        let job = ClassJob<ClassConnection>(name: "class-setup", clock: environment.monotonic) { [setup] in
            guard let connect = environment.connectClass else {
                throw ClassProblem.badAddress(setup.url, why: "this program cannot reach a class folder")
            }
            let signIn = try ClassConnection.password(typed: password, for: setup, kept: try file.keptPassword())
            let connection = ClassConnection(setup: setup, password: signIn, ca: try file.ca(of: setup), connect: connect)
            try connection.transport().check()
            // Esc before the check ended: nothing is saved.
            guard !cancelled.isSet else { throw ClassSetupJob.Cancelled() }
            // The password first: until the setup names the new server it is sent to neither.
            try file.savePassword(signIn, for: try setup.address.origin)
            try file.save(setup)
            return connection
        }
        setting = ClassSetupJob(job: job, cancelled: cancelled)
        return true
    }

    /// The setup being checked is not wanted any more (Esc): it is not saved, unless it
    /// already was (then it goes live all the same, as the file says).
    func cancelSetup() { setting?.cancelled.set() }

    /// A setup saved: the new connection replaces the old, with a courier of its own.
    private func goLive(_ connection: ClassConnection) {
        live?.courier.stop(waiting: 0)
        live = Live(connection, store: store)
        setup = connection.setup
        problem = nil
        // The new courier counts its rounds from the start.
        seenRevision = 0
        if gallery == nil { listGallery() }
    }

    /// What ended since the last frame.
    struct Ended {
        var handIn: (drawing: String, result: Result<HandIn, ClassJob<HandIn>.Failure>)?
        var fetch: Result<String, ClassJob<String>.Failure>?
        /// The setup checked and saved (now live), or why not.
        var setup: Result<Void, ClassJob<ClassConnection>.Failure>?
    }

    /// Once a frame: takes the jobs that ended and the courier's latest report.
    func poll() -> Ended {
        var ended = Ended()
        if let h = handing, let outcome = h.job.outcome {
            handing = nil
            ended.handIn = (h.drawing, outcome)
            if case .success(let handIn) = outcome {
                // Kept: the button says so now, before the courier has tried.
                statuses[h.drawing] = HandInStatus(code: handIn.code, sent: false)
                setup?.handedIn(by: h.child)
                courier?.kick()
            }
        }
        if let f = fetching, let outcome = f.outcome {
            fetching = nil
            ended.fetch = outcome
        }
        if let s = setting, let outcome = s.job.outcome {
            setting = nil
            if case .success(let connection) = outcome { goLive(connection) }
            ended.setup = outcome.map { _ in () }
        }
        if let report = courier?.latest, report.revision != seenRevision {
            seenRevision = report.revision
            // A hand-in kept after the round read the outbox stays as it was told.
            let known = Set(report.handIns.map(\.code))
            for (drawing, status) in HandInStatus.latest(report.handIns, problems: report.problems) {
                if let mine = statuses[drawing], !known.contains(mine.code) { continue }
                statuses[drawing] = status
            }
        }
        return ended
    }

    /// Lists the class gallery again (the Class screen opened), opening it the first time.
    func listGallery() {
        if gallery == nil, isSet {
            gallery = try? DrawingStateStore(root: store.root + "/class/gallery", environment: store.environment)
        }
        screens.gallery = ClassGalleryPage(gallery: gallery)
    }

    /// A frame was shown: the jobs' work may start.
    func frameShown() {
        handing?.job.frameShown()
        fetching?.frameShown()
        setting?.job.frameShown()
    }

    /// Quitting: a hand-in under way is kept whole; the courier sends no more.
    func finish() {
        handing?.job.wait()
        courier?.stop(waiting: 1)
    }
}
