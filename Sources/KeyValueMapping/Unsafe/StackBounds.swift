#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Android)
import Android
#endif

/// How much of the current thread's call stack is left.
///
/// Models nest on the call stack: decoding `{"next":{"next":…}}` into a recursive model, or
/// encoding a deep object graph, recurses once per level, a few KiB a level in release builds
/// and up to ten under AddressSanitizer. A thread with a 512 KiB stack (Apple's secondary
/// threads) overflows long before any sensible depth limit. So every nesting step
/// (`NestingSession.enter()`) compares the address of its own frame with a limit computed once
/// per thread: the stack's low end (the stack grows down on every platform Swift supports) plus
/// a reserve for one more level and the leaf work under it (Foundation's parsers, transformers,
/// hooks). Below the limit the walk stops with an error instead of a crash.
///
/// Soundness: this file reads addresses and never dereferences them. The thread's bounds come
/// from the platform (`pthread_getattr_np` on Linux, resolved with `dlsym` because the Glibc
/// module does not import GNU extensions; `pthread_get_stackaddr_np`/`pthread_get_stacksize_np`
/// on Apple platforms); where they are unknown the limit is 0 and nothing is checked.
enum StackBounds {
    /// The most stack kept in reserve below the limit.
    static let maximumReserve = 128 * 1024

    /// The limit for the calling thread: no frame may lie below it. Computed on the thread's
    /// first call and remembered in thread-specific storage; 0 when the bounds are unknown.
    static func currentLimit() -> UInt {
        guard let key = threadKey else { return 0 }
        if let stored = pthread_getspecific(key) {
            return UInt(bitPattern: stored) == unknown ? 0 : UInt(bitPattern: stored)
        }
        let limit = computeLimit()
        _ = pthread_setspecific(key, UnsafeRawPointer(bitPattern: limit == 0 ? unknown : limit))
        return limit
    }

    /// Whether the calling frame lies below `limit` (never when `limit` is 0).
    @inline(__always)
    static func isExhausted(below limit: UInt) -> Bool {
        limit != 0 && currentPosition() < limit
    }

    /// The address of the caller's frame on the real stack.
    @inline(__always)
    static func currentPosition() -> UInt {
        var marker: UInt8 = 0
        let address = withUnsafeMutablePointer(to: &marker) { UnsafeMutableRawPointer($0) }
        // AddressSanitizer may give a local a frame on its heap-allocated "fake stack" (to catch
        // use after return); its runtime maps such a frame back to the real one.
        if let fakeStack = AddressSanitizerRuntime.shared, let real = fakeStack.realFrame(of: address) {
            return UInt(bitPattern: real)
        }
        return UInt(bitPattern: address)
    }

    /// Stored in the thread's slot when its bounds are unknown (1 is never a frame address).
    private static let unknown: UInt = 1

    private static let threadKey: pthread_key_t? = {
        var key = pthread_key_t()
        return pthread_key_create(&key, nil) == 0 ? key : nil
    }()

    private static func computeLimit() -> UInt {
        guard let (low, size) = threadStack(), size > 0 else { return 0 }
        let reserve = UInt(min(maximumReserve, size / 4))
        return low + reserve
    }

    /// The calling thread's stack: its lowest address and its size in bytes.
    private static func threadStack() -> (low: UInt, size: Int)? {
        #if canImport(Darwin)
        let thread = pthread_self()
        let top = UInt(bitPattern: pthread_get_stackaddr_np(thread))
        let size = pthread_get_stacksize_np(thread)
        guard top > UInt(size) else { return nil }
        return (top - UInt(size), size)
        #elseif canImport(Glibc) || canImport(Musl) || canImport(Android)
        guard let getAttributes = ThreadAttributes.current else { return nil }
        var attributes = pthread_attr_t()
        guard getAttributes(pthread_self(), &attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(&attributes) }
        var low: UnsafeMutableRawPointer?
        var size = 0
        guard pthread_attr_getstack(&attributes, &low, &size) == 0, let low else { return nil }
        return (UInt(bitPattern: low), size)
        #else
        return nil
        #endif
    }
}

#if canImport(Glibc) || canImport(Musl) || canImport(Android)
/// `pthread_getattr_np`, which every Linux C library has but the Swift module does not import
/// (it is a GNU extension behind `_GNU_SOURCE`), called through its C signature.
private enum ThreadAttributes {
    typealias Function = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32

    static let current: Function? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "pthread_getattr_np") else { return nil }
        return unsafeBitCast(symbol, to: Function.self)
    }()
}
#endif

/// AddressSanitizer's fake-stack API, present only in processes built with `-sanitize=address`.
private struct AddressSanitizerRuntime: Sendable {
    typealias CurrentFakeStack = @convention(c) () -> UnsafeMutableRawPointer?
    typealias AddressInFakeStack = @convention(c) (
        UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
        UnsafeMutablePointer<UnsafeMutableRawPointer?>?
    ) -> UnsafeMutableRawPointer?

    let currentFakeStack: CurrentFakeStack
    let addressInFakeStack: AddressInFakeStack

    static let shared: AddressSanitizerRuntime? = {
        let process = dlopen(nil, RTLD_NOW)
        guard let current = dlsym(process, "__asan_get_current_fake_stack"),
              let lookup = dlsym(process, "__asan_addr_is_in_fake_stack") else { return nil }
        return AddressSanitizerRuntime(currentFakeStack: unsafeBitCast(current, to: CurrentFakeStack.self),
                                       addressInFakeStack: unsafeBitCast(lookup, to: AddressInFakeStack.self))
    }()

    /// The real stack frame of `address` when it lies in the thread's fake stack, else `nil`.
    func realFrame(of address: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
        guard let fakeStack = currentFakeStack() else { return nil }
        return addressInFakeStack(fakeStack, address, nil, nil)
    }
}
