package emulators

import "syscall"

// sysProcAttr puts each emulator in its own process group, so Stop can signal everything it spawned
// and a terminal's Ctrl-C reaches only our process, which then stops them in order. Pdeathsig makes
// the kernel send SIGTERM to an emulator when the thread that started it exits; Go keeps its threads
// for the life of the process, so in practice that is when the test binary or CLI dies, even by
// SIGKILL, and no emulator outlives it.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGTERM, Setpgid: true}
}
