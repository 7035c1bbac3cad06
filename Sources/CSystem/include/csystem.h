#ifndef VITRINE_CSYSTEM_H
#define VITRINE_CSYSTEM_H

/// Asks the kernel to send `signal` to this process when the thread that started it ends
/// (Linux's PR_SET_PDEATHSIG; prctl is variadic, which Swift cannot call). Returns 0, or -1
/// with errno set; elsewhere than Linux it does nothing and returns -1 (ENOSYS).
int vitrine_set_parent_death_signal(int signal);

#endif
