//go:build unix && !linux

package emulators

import "syscall"

// sysProcAttr puts each emulator in its own process group so Stop can signal all of it. Only Linux
// has Pdeathsig; elsewhere an emulator outlives a parent that is killed without calling Stop.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true}
}
