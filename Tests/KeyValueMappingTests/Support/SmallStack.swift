import Foundation

/// The stack Apple platforms give secondary threads, and the one the stack-safety tests run on.
let smallStackSize = 512 * 1024

/// Runs `body` on a new thread with a `stackSize`-byte stack and returns its result: the depth
/// tests must hold on the smallest stack a caller is likely to have, not on the test runner's.
func onThread<T: Sendable>(stackSize: Int = smallStackSize, _ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        let thread = Thread { continuation.resume(returning: body()) }
        thread.stackSize = stackSize
        thread.start()
    }
}
