; clock.asm -- the limits every kind of thinking asks, below everything but timer.asm:
; the instruction budget (timer_cost: rdtsc, emulated instructions in DOSBox and js-dos;
; the PIT's time where there is no rdtsc), the node count, and the job timers (BIOS
; ticks and the cost counter).  The search, the mate logic and the exchange logic all
; stop on clock_check; none of them owns the clock.
; (Not Liberman's: his logics ran to their end.)

        section .bss

clock_nodes     resd 1              ; positions visited: 1 + moves made (move_play)
clock_abort     resb 1              ; nonzero: the budget ran out, unwind
clock_origin    resq 1              ; rdtsc when the thinking began (clock_begin)
clock_deadline  resq 1              ; rdtsc past which clock_check says stop
timer_ticks_from resd 1             ; BIOS ticks at timer_start
timer_tsc_from  resq 1              ; rdtsc at timer_start
timer_ticks_spent resd 1            ; BIOS ticks from timer_start to timer_stop
timer_tsc_spent resq 1              ; rdtsc cycles from timer_start to timer_stop

        section .text

; clock_begin -- the thinking starts: budgets count from now
; IN:  nothing
; OUT: [clock_origin] = rdtsc
; CHG: EAX, EDX
clock_begin:
        call timer_cost
        mov [clock_origin], eax
        mov [clock_origin + 4], edx
        ret

; clock_set -- a budget, counted from clock_begin
; IN:  EAX = emulated instructions; [clock_origin]
; OUT: [clock_deadline] = [clock_origin] + EAX; [clock_abort] = 0
; CHG: EAX
clock_set:
        push edx
        xor edx, edx
        add eax, [clock_origin]
        adc edx, [clock_origin + 4]
        mov [clock_deadline], eax
        mov [clock_deadline + 4], edx
        mov byte [clock_abort], 0
        pop edx
        ret

; clock_none -- no deadline (the mate and exchange jobs run to their end)
; IN:  nothing
; OUT: [clock_deadline] = the largest count; [clock_abort] = 0
; CHG: nothing
clock_none:
        mov dword [clock_deadline], 0FFFFFFFFh
        mov dword [clock_deadline + 4], 0FFFFFFFFh
        mov byte [clock_abort], 0
        ret

; clock_check -- has the budget run out?  (called at every node of every search)
; IN:  [clock_deadline]
; OUT: CF set if it has (and [clock_abort] set)
; CHG: nothing
clock_check:
        cmp byte [clock_abort], 0
        jne .out
        push eax
        push edx
        call timer_cost
        sub eax, [clock_deadline]
        sbb edx, [clock_deadline + 4]
        pop edx
        pop eax
        jc .in_time                 ; now < deadline
        mov byte [clock_abort], 1
.out:   stc
        ret
.in_time:
        clc
        ret

; timer_start -- note the BIOS tick count and the time-stamp counter
; IN:  nothing
; OUT: [timer_ticks_from], [timer_tsc_from]
; CHG: EAX, EDX
timer_start:
        call timer_ticks
        mov [timer_ticks_from], eax
        call timer_cost
        mov [timer_tsc_from], eax
        mov [timer_tsc_from + 4], edx
        ret

; timer_stop -- how long since timer_start, in BIOS ticks and in rdtsc cycles
; IN:  [timer_ticks_from], [timer_tsc_from]
; OUT: [timer_ticks_spent], [timer_tsc_spent]
; CHG: EAX, EDX
timer_stop:
        call timer_cost
        sub eax, [timer_tsc_from]
        sbb edx, [timer_tsc_from + 4]
        mov [timer_tsc_spent], eax
        mov [timer_tsc_spent + 4], edx
        call timer_ticks
        sub eax, [timer_ticks_from]
        jnc .same_day
        add eax, TICKS_PER_DAY      ; midnight passed
.same_day:
        mov [timer_ticks_spent], eax
        ret
