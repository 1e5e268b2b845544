import MarbleKit
import Synchronization

extension ClassDesk {
    /// A class folder in use: its connection, the outbox, and the courier sending with it.
    struct Live {
        let connection: ClassConnection
        let outbox: Outbox
        let courier: CourierThread

        /// The courier starts sending at once.
        init(_ connection: ClassConnection, store: DrawingStateStore) {
            self.connection = connection
            outbox = Outbox(storeRoot: store.root, environment: store.environment)
            courier = CourierThread(ClassCourier(outbox: outbox, connection: connection), clock: store.environment.clock)
        }
    }
}

/// A setup being checked and saved (Settings ▸ Class ▸ Set up), and whether it was let go.
struct ClassSetupJob {
    let job: ClassJob<ClassConnection>
    let cancelled: Flag

    /// Set once, from the frame; read by the job before it saves.
    final class Flag: Sendable {
        private let value = Atomic(false)
        func set() { value.store(true, ordering: .sequentiallyConsistent) }
        var isSet: Bool { value.load(ordering: .sequentiallyConsistent) }
    }

    /// The setup was let go before its check ended.
    struct Cancelled: Error, CustomStringConvertible {
        var description: String { tr("not saved (gone back)") }
    }
}
