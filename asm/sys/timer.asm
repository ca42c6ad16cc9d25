; timer.asm -- which x86 runs the program, and the clocks that work on every one of them
; from the 386 up (new: Liberman's program took no time).
;   - cpu_detect tells a 386 from a 486 (the AC flag in EFLAGS only toggles from the 486
;     on), then looks for CPUID (the ID flag toggles) and its time-stamp counter bit.
;     rdtsc and cpuid are emitted as bytes under `cpu 386`, and run only behind it.
;   - the real-time clock is the PIT's channel 0, read back together with the BIOS tick
;     count it drives: 1,193,182 counts a second on every PC.  The BIOS programs the
;     channel in mode 3 (square wave), whose counter runs down twice a period; cpu_detect
;     sets mode 2 (rate generator) with the same divisor, whose counter runs down once,
;     so the interrupt rate (18.2 Hz) stays and the count is the time within the tick.
;     dos_exit puts mode 3 back.
;   - the cost counter: rdtsc where it exists (in DOSBox and js-dos the emulated
;     instruction count, deterministic); elsewhere the PIT time turned into the
;     instructions of a 3000-cycle DOSBox (CYCLES_PER_MS), so a budget means the same
;     time on the machine the budgets were measured on.

        section .bss

cpu_class       resb 1              ; CPU_386, CPU_486 or CPU_CPUID
cpu_tsc         resb 1              ; nonzero: rdtsc exists
timer_last      resq 1              ; timer_now at the last timer_read
timer_total     resq 1              ; PIT counts since cpu_detect

        section .text

; cpu_detect -- find the processor's class and its time-stamp counter; start the clock
; IN:  a 386 or later, real mode
; OUT: [cpu_class], [cpu_tsc]; the PIT's channel 0 in mode 2; [timer_total] = 0
; CHG: EAX, EBX, ECX, EDX
cpu_detect:
        mov eax, EFLAGS_AC
        call cpu_toggles
        jz .pit                     ; [cpu_class] = CPU_386: the bss starts at 0
        mov byte [cpu_class], CPU_486
        mov eax, EFLAGS_ID
        call cpu_toggles
        jz .pit
        mov byte [cpu_class], CPU_CPUID
        mov eax, CPUID_FEATURES
        CPUID_
        test edx, CPUID_EDX_TSC
        jz .pit
        mov byte [cpu_tsc], 1
.pit:   mov al, PIT_CHANNEL_0_MODE_2
        call timer_mode
        call timer_now
        mov [timer_last], eax
        mov [timer_last + 4], edx
        ret

; cpu_toggles -- can a bit of EFLAGS be changed?
; IN:  EAX = the bit
; OUT: ZF clear if it can; EFLAGS as they were
; CHG: ECX, EDX
cpu_toggles:
        pushfd
        pop ecx
        mov edx, ecx
        xor edx, eax
        push edx
        popfd
        pushfd
        pop edx                     ; the flags as they read after the change
        push ecx
        popfd
        xor edx, ecx
        test edx, eax
        ret

; timer_mode -- program the PIT's channel 0 for the BIOS's 18.2 Hz in a mode
; IN:  AL = PIT_CHANNEL_0_MODE_2 or PIT_CHANNEL_0_MODE_3
; OUT: the mode set, the divisor 65536 (written as 0)
; CHG: AL
timer_mode:
        pushf
        cli
        out PIT_CONTROL, al
        xor al, al
        out PIT_COUNTER_0, al
        out PIT_COUNTER_0, al
        popf
        ret

; timer_restore -- give the BIOS its PIT mode back (before the program ends)
; IN:  nothing
; OUT: channel 0 in mode 3
; CHG: nothing
timer_restore:
        push ax
        mov al, PIT_CHANNEL_0_MODE_3
        call timer_mode
        pop ax
        ret

; timer_now -- the time of day in PIT counts
; IN:  the PIT's channel 0 in mode 2
; OUT: EDX:EAX = BIOS ticks x 65536 + the counts into the current tick
; CHG: nothing else
timer_now:
        push ds
        push ebx
        push BIOS_DATA_SEG
        pop ds
.again: cli
        mov ebx, [BIOS_TICKS]
        mov al, PIT_LATCH_0
        out PIT_CONTROL, al
        in al, PIT_COUNTER_0
        mov ah, al
        in al, PIT_COUNTER_0
        xchg al, ah
        sti
        nop                         ; a timer interrupt that waited runs here: then the
        cli                         ; count may belong to the next tick, read both again
        cmp ebx, [BIOS_TICKS]
        sti
        jne .again
        neg ax                      ; the counter runs down from 65536 (read as 0)
        movzx eax, ax
        mov edx, ebx
        shr edx, PIT_COUNT_BITS
        shl ebx, PIT_COUNT_BITS
        or eax, ebx
        pop ebx
        pop ds
        ret

; timer_read -- PIT counts since cpu_detect: a clock that never runs back, midnight
;               included (the BIOS tick count starts again at 0 then)
; IN:  [timer_last], [timer_total]; called at least once a day
; OUT: EDX:EAX = the counts
; CHG: nothing else
timer_read:
        push ebx
        push ecx
        call timer_now
        mov ebx, eax
        mov ecx, edx
        sub eax, [timer_last]
        sbb edx, [timer_last + 4]
        jnc .forward
        add eax, TICKS_PER_DAY << PIT_COUNT_BITS & 0FFFFFFFFh
        adc edx, TICKS_PER_DAY >> (32 - PIT_COUNT_BITS)
.forward:
        mov [timer_last], ebx
        mov [timer_last + 4], ecx
        add eax, [timer_total]
        adc edx, [timer_total + 4]
        mov [timer_total], eax
        mov [timer_total + 4], edx
        pop ecx
        pop ebx
        ret

; timer_cost -- the cost counter: rdtsc where it exists, else the PIT time in the
;               instructions of a 3000-cycle DOSBox (counts x 88 / 35: 3,000,000 /
;               1,193,182 to one part in a million)
; IN:  [cpu_tsc]
; OUT: EDX:EAX = the count (only differences mean something)
; CHG: nothing else
timer_cost:
        cmp byte [cpu_tsc], 0
        je .pit
        READ_TSC
        ret
.pit:   push ebx
        push ecx
        call timer_read
        mov ecx, edx                ; EDX:EAX x 88, then / 35 a dword at a time
        mov ebx, PIT_TO_COST_MUL
        mul ebx
        imul ecx, ebx
        add edx, ecx
        mov ebx, PIT_TO_COST_DIV
        mov ecx, eax
        mov eax, edx
        xor edx, edx
        div ebx
        xchg eax, ecx               ; ECX = the high dword of the quotient
        div ebx
        mov edx, ecx
        pop ecx
        pop ebx
        ret

; timer_ticks -- the BIOS tick count
; IN:  nothing
; OUT: EAX = the dword at 0040:006C
; CHG: nothing else
timer_ticks:
        push ds
        push BIOS_DATA_SEG
        pop ds
        mov eax, [BIOS_TICKS]
        pop ds
        ret
