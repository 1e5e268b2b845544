import Foundation
import MarbleKit

/// Runs `count` creates on threads of their own, all released at once, and gives each result.
enum ConcurrentCreates {
    static func run(_ count: Int, _ body: @escaping @Sendable (Int) throws -> ClassTransportWrite) -> [Result<ClassTransportWrite, ClassProblem>] {
        let results = Results(count)
        let gate = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for i in 0..<count {
            done.enter()
            Thread {
                gate.wait()
                let result: Result<ClassTransportWrite, ClassProblem>
                do { result = .success(try body(i)) } catch { result = .failure(error as? ClassProblem ?? .badAddress("\(error)", why: "not a ClassProblem")) }
                results.set(i, result)
                done.leave()
            }.start()
        }
        for _ in 0..<count { gate.signal() }
        done.wait()
        return results.all
    }

    private final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Result<ClassTransportWrite, ClassProblem>]
        init(_ count: Int) { values = Array(repeating: .failure(.badAddress("", why: "not run")), count: count) }
        func set(_ i: Int, _ value: Result<ClassTransportWrite, ClassProblem>) { lock.withLock { values[i] = value } }
        var all: [Result<ClassTransportWrite, ClassProblem>] { lock.withLock { values } }
    }
}
