; clock.asm -- the limits every kind of thinking asks, below everything but timer.asm:
; the instruction budget (timer_cost: rdtsc, emulated instructions in DOSBox and js-dos;
; the PIT's time where there is no rdtsc), the node count, and the job timers (BIOS
; ticks and the cost counter).  The search, the mate logic and the exchange logic all
; stop on clock_check; none of them owns the clock.
; (Not Liberman's: his logics ran to their end.)

        section .bss

; The limits: set by a front end (the jobs, the game) before the thinking starts;
; clock_limits_none clears them all.  0 means no limit of that kind.
limit_budget    resd 1              ; instructions of the cost counter (timer_cost)
limit_time      resd 1              ; ms of real time: the hard limit
limit_soft      resd 1              ; ms: the time aimed at (no new iteration past half)
limit_nodes     resd 1              ; positions visited
limit_depth     resb 1              ; plies of the deepest iteration
limit_keys      resb 1              ; KEYS_IGNORE, KEYS_STOP, KEYS_MOVE_NOW or KEYS_LEAVE

clock_nodes     resd 1              ; positions visited: 1 + moves made (move_play) or left
clock_nodes_last resd 1             ; [limit_nodes] - 1: the last count allowed (no limit:
                                    ; the largest), for CLOCK_CHECK (clock_share sets it)
                                    ; unmade as futile (node.asm)
clock_abort     resb 1              ; a LIMIT_*: nonzero when a limit was reached, unwind
clock_origin    resq 1              ; the cost counter when the thinking began
clock_deadline  resq 1              ; the cost counter past which clock_check says stop
clock_since     resq 1              ; timer_read when the thinking began (PIT counts)
clock_time_end  resq 1              ; timer_read past which clock_check says stop
clock_soft_end  resq 1              ; timer_read past which no iteration starts
clock_tick_seen resd 1              ; the BIOS tick at clock_check's last full look
clock_near      resb 1              ; nonzero: clock_time_end is within a tick
clock_countdown resb 1              ; clock_check's calls until its next full look
stop_name       resb STOP_NAME_MAX + 1 ; the watch job's file (0: none): its first byte
                                    ; STOP_NOW stops the thinking, STOP_DEEPEN_NOT its
                                    ; iterations
stop_poll_at    resd 1              ; the cost counter (its low dword) at the last look
stop_byte       resb 1              ; the byte read
clock_tick_hook resw 1              ; 0, or a front end's routine (keeps every register)
                                    ; called at each new BIOS tick of a search: the
                                    ; game's clocks follow the seconds while it thinks
timer_ticks_from resd 1             ; BIOS ticks at timer_start
timer_tsc_from  resq 1              ; the cost counter at timer_start
timer_ticks_spent resd 1            ; BIOS ticks from timer_start to timer_stop
timer_tsc_spent resq 1              ; the cost counter from timer_start to timer_stop

        section .text

; clock_limits_none -- no limit at all (a front end then sets the ones it wants)
; IN:  nothing
; OUT: every limit_* 0, keys ignored
; CHG: nothing
clock_limits_none:
        mov dword [limit_budget], 0
        mov dword [limit_time], 0
        mov dword [limit_soft], 0
        mov dword [limit_nodes], 0
        mov byte [limit_depth], 0
        mov byte [limit_keys], KEYS_IGNORE
        ret

; clock_allot -- the clock mode: the time of this move out of the time left, so that
;                the side never runs out (soft: what it aims at; hard: what it may take)
; IN:  EAX = ms left on the side's clock (unsigned: up to 2^32 - 1); EBX = its increment
;      a move, ms (at most CLOCK_MS_MAX); ECX = moves until the next time control (0: all
;      the rest of the game)
; OUT: [limit_time] = the hard limit, [limit_soft] = the soft one, both >= 1 ms:
;        reserve = left / CLOCK_RESERVE_PART + CLOCK_OVERHEAD_MS (the time the move
;                  takes to reach the clock), usable = left - reserve (>= 1)
;        moves   = ECX, or CLOCK_SUDDEN_MOVES when 0
;        soft    = usable / moves + increment x 3 / 4, at most usable / 2 unless it is
;                  the last move before the control
;        hard    = soft x CLOCK_HARD_FACTOR, at most usable
; CHG: EAX, EBX, ECX, EDX
clock_allot:
        push esi
        mov esi, eax
        xor edx, edx
        push ecx
        mov ecx, CLOCK_RESERVE_PART
        div ecx
        pop ecx
        add eax, CLOCK_OVERHEAD_MS
        sub esi, eax                ; ESI = usable (the clock is unsigned: up to 2^32 - 1 ms)
        ja .usable
        mov esi, 1
.usable:
        test ecx, ecx
        jnz .moves
        mov ecx, CLOCK_SUDDEN_MOVES
.moves: mov eax, esi
        xor edx, edx
        div ecx
        lea ebx, [ebx + ebx * 2]
        shr ebx, 2
        add eax, ebx                ; EAX = soft
        cmp ecx, 1
        je .last
        mov edx, esi
        shr edx, 1
        cmp eax, edx
        jbe .last
        mov eax, edx
.last:  cmp eax, esi
        jbe .soft
        mov eax, esi
.soft:  test eax, eax
        jnz .positive
        inc eax
.positive:
        mov [limit_soft], eax
        mov ecx, CLOCK_HARD_FACTOR
        mul ecx                     ; EDX:EAX = soft x the factor: past 32 bits for a
        test edx, edx               ; soft limit of 2^32 / 3 ms and more
        jnz .usable_hard
        cmp eax, esi
        jbe .hard
.usable_hard:
        mov eax, esi
.hard:  mov [limit_time], eax
        pop esi
        ret

; clock_begin -- the thinking starts: the limits count from now, in full
; IN:  the limits
; OUT: [clock_origin], [clock_since]; [clock_nodes] = 1 (the root); the deadlines of
;      clock_share 0
; CHG: EAX, EDX
clock_begin:
        call timer_cost
        mov [clock_origin], eax
        mov [clock_origin + 4], edx
        call timer_read
        mov [clock_since], eax
        mov [clock_since + 4], edx
        mov dword [clock_nodes], 1
        push cx
        xor cl, cl
        call clock_share
        pop cx
        ret

; clock_share -- the deadlines for a share of the limits, counted from clock_begin:
;                1 / 2^CL of the budget and of the hard time limit (on a processor
;                without rdtsc the budget is time: budget / CYCLES_PER_MS ms)
; IN:  CL = the shift; the limits; [clock_origin], [clock_since]
; OUT: [clock_deadline], [clock_time_end], [clock_soft_end]; [clock_abort] = 0
; CHG: EAX, EDX
clock_share:
        mov byte [clock_abort], LIMIT_NONE
        mov eax, [limit_nodes]
        dec eax                     ; no limit (0) becomes the largest count
        mov [clock_nodes_last], eax
        mov dword [clock_tick_seen], -1 ; the next clock_check looks at the time
        mov byte [clock_countdown], 1
        or eax, -1
        mov [clock_deadline], eax
        mov [clock_deadline + 4], eax
        mov eax, [limit_budget]
        test eax, eax
        jz .time
        shr eax, cl
        cmp byte [cpu_tsc], 0
        je .budget_time
        xor edx, edx
        add eax, [clock_origin]
        adc edx, [clock_origin + 4]
        mov [clock_deadline], eax
        mov [clock_deadline + 4], edx
.time:  mov eax, [limit_time]
        shr eax, cl
        mov edx, [limit_soft]
        test edx, edx
        jnz .soft
        mov edx, eax                ; no soft limit: aim at the hard one
.soft:  shr edx, DEEPEN_BUDGET_SHIFT
        jmp clock_time_ends
.budget_time:
        xor edx, edx
        push ebx
        mov ebx, CYCLES_PER_MS
        div ebx
        pop ebx
        inc eax                     ; not 0: 0 is no limit
        mov edx, [limit_time]
        shr edx, cl
        test edx, edx
        jz .budget_only
        cmp edx, eax
        jae .budget_only
        mov eax, edx
.budget_only:
        mov edx, eax
        shr edx, DEEPEN_BUDGET_SHIFT
        ; fall through

; clock_time_ends -- the hard and soft ends of the time, from clock_begin
; IN:  EAX = hard ms, EDX = soft ms (0: none)
; OUT: [clock_time_end], [clock_soft_end]
; CHG: EAX, EDX
clock_time_ends:
        push edx
        push di
        mov di, clock_time_end
        call clock_end_at
        pop di
        pop eax
        push di
        mov di, clock_soft_end
        call clock_end_at
        pop di
        ret

; clock_end_at -- a qword of PIT counts MS milliseconds after clock_begin (or never)
; IN:  EAX = ms (0: never; at most CLOCK_MS_MAX); DI -> the qword
; OUT: the qword set
; CHG: EAX, EDX
clock_end_at:
        test eax, eax
        jz .never
        cmp eax, CLOCK_MS_MAX
        jbe .fits
        mov eax, CLOCK_MS_MAX
.fits:  push ebx
        mov ebx, PIT_HZ
        mul ebx
        mov ebx, MS_PER_SECOND
        div ebx
        pop ebx
        xor edx, edx
        add eax, [clock_since]
        adc edx, [clock_since + 4]
        mov [di], eax
        mov [di + 4], edx
        ret
.never: or eax, -1
        mov [di], eax
        mov [di + 4], eax
        ret

; clock_none -- no deadline for a while (the mate in one, looked for whatever the
;               limits); clock_share puts them back
; IN:  nothing
; OUT: no deadline, no time end; [clock_abort] = 0
; CHG: nothing
clock_none:
        push eax
        or eax, -1
        mov [clock_deadline], eax
        mov [clock_deadline + 4], eax
        mov [clock_time_end], eax
        mov [clock_time_end + 4], eax
        pop eax
        mov byte [clock_abort], LIMIT_NONE
        ret

; clock_check -- has a limit been reached?  (called at every node of every search:
;                the nodes at every call; the budget, the time and the keys at every
;                CLOCK_CHECK_EVERY-th call, the time and keys only when the BIOS tick
;                changes, or in the tick the time ends in.  Most calls thus cost a
;                dozen instructions, and a limit is overrun by at most
;                CLOCK_CHECK_EVERY - 1 nodes; the watch job's file once every
;                STOP_POLL_EVERY counts of the cost counter, where there is one)
; IN:  the deadlines; [clock_nodes]; [limit_nodes], [limit_keys]; [stop_name]
; OUT: CF set if a limit has been reached ([clock_abort] = the LIMIT_* that stopped)
; CHG: nothing
clock_check:
        cmp byte [clock_abort], LIMIT_NONE
        jne .out
        push eax
        mov eax, [limit_nodes]
        dec eax                     ; no limit (0) becomes the largest count
        cmp [clock_nodes], eax
        mov al, LIMIT_NODES
        ja .stop
        dec byte [clock_countdown]
        jnz .in_time
.due:   mov byte [clock_countdown], CLOCK_CHECK_EVERY
        cmp byte [cpu_tsc], 0
        je .time
        push edx
        READ_TSC
        sub eax, [clock_deadline]
        sbb edx, [clock_deadline + 4]
        pop edx
        mov al, LIMIT_BUDGET
        jnc .stop
        cmp byte [stop_name], 0     ; the watch job's file, looked at once every
        je .time                    ; STOP_POLL_EVERY counts of the cost counter
        push edx
        READ_TSC
        pop edx
        sub eax, [stop_poll_at]     ; (the counts since the last look, modulo 2^32)
        cmp eax, STOP_POLL_EVERY
        jb .time
        add [stop_poll_at], eax
        call clock_stop_read
        mov al, LIMIT_KEY
        cmp byte [stop_byte], STOP_NOW
        je .stop
.time:  call timer_ticks
        cmp eax, [clock_tick_seen]
        jne .look
        cmp byte [clock_near], 0
        je .in_time
.look:  call clock_look
        jc .stop
        cmp byte [clock_abort], LIMIT_NONE ; (set by the front end's tick hook)
        jne .stopped
.in_time:
        pop eax
        clc
        ret
.stop:  mov [clock_abort], al
.stopped:
        pop eax
.out:   stc
        ret

; clock_stop_read -- the first byte of the watch job's file: a host that cannot press a
;                   key (native DOSBox) writes STOP_NOW into it to stop the thinking,
;                   and DOSBox shows an open file's new bytes
; IN:  [stop_name] (not empty)
; OUT: [stop_byte] = the byte, or 0 when the file is missing or empty
; CHG: nothing
clock_stop_read:
        pusha
        mov byte [stop_byte], 0
        mov dx, stop_name
        mov ax, DOS_OPEN << 8 | OPEN_READ
        int DOS
        jc .done
        mov bx, ax
        mov ah, DOS_READ
        mov cx, 1
        mov dx, stop_byte
        int DOS
        mov ah, DOS_CLOSE
        int DOS
.done:  popa
        ret

; clock_check_due -- clock_check's look past the node count, for CLOCK_CHECK: the count
;                   is over the limit or the countdown has reached 0
; IN, OUT, CHG: as clock_check
clock_check_due:
        push eax
        mov eax, [clock_nodes]
        cmp eax, [clock_nodes_last]
        mov al, LIMIT_NODES
        ja clock_check.stop
        jmp clock_check.due

; clock_look -- the keys and the time, looked at in full; at a new tick the front end's
;              clock_tick_hook first
; IN:  EAX = the BIOS tick; [limit_keys]; [clock_time_end]; [clock_tick_hook]
; OUT: CF set: stop, AL = LIMIT_KEY or LIMIT_TIME; [clock_tick_seen], [clock_near]
; CHG: EAX
clock_look:
        cmp eax, [clock_tick_seen]
        je .seen
        cmp word [clock_tick_hook], 0
        je .seen
        call [clock_tick_hook]
.seen:  mov [clock_tick_seen], eax
        cmp byte [limit_keys], KEYS_IGNORE
        je .time
        mov ah, KEY_PEEK
        int BIOS_KEYBOARD
        jz .time
        cmp byte [limit_keys], KEYS_STOP
        je .take
        cmp byte [limit_keys], KEYS_LEAVE
        je .key
        cmp al, KEY_MOVE_NOW        ; KEYS_MOVE_NOW: other keys wait for the game
        jne .time
.take:  mov ah, KEY_READ
        int BIOS_KEYBOARD
.key:   mov al, LIMIT_KEY
        stc
        ret
.time:  push edx
        call timer_read
        sub eax, [clock_time_end]
        sbb edx, [clock_time_end + 4]
        jnc .over
        not edx                     ; the counts left, minus one
        not eax
        test edx, edx
        jnz .far
        cmp eax, 1 << PIT_COUNT_BITS
        jae .far
        mov byte [clock_near], 1
        pop edx
        clc
        ret
.far:   mov byte [clock_near], 0
        pop edx
        clc
        ret
.over:  pop edx
        mov al, LIMIT_TIME
        stc
        ret

; clock_deepen -- may another iteration start?  Not once half of the soft time (the
;                 hard one without a soft one) is spent: it would not finish, and the
;                 time is kept for the moves to come; nor once the watch job's file
;                 says STOP_DEEPEN_NOT (or STOP_NOW, which stops the job as a key does:
;                 `limit key`).  A budget of instructions stops none: what a move
;                 leaves of it is lost, and an iteration cut short gives its best move
;                 once its first move is searched (search_iterate)
; IN:  [clock_soft_end]; [stop_name]
; OUT: CF set: no new iteration ([clock_abort] = LIMIT_KEY for STOP_NOW)
; CHG: EAX, EDX
clock_deepen:
        call timer_read
        sub eax, [clock_soft_end]
        sbb edx, [clock_soft_end + 4]
        cmc                         ; CF set when now >= the soft end
        jc .done
        cmp byte [stop_name], 0
        je .done
        call clock_stop_read
        mov al, [stop_byte]
        cmp al, STOP_NOW
        jne .deepen_not
        mov byte [clock_abort], LIMIT_KEY ; stopped as by a key (selfplay ends with `key`)
        stc
        ret
.deepen_not:
        sub al, STOP_NOW            ; CF set for STOP_DEEPEN_NOT
        cmp al, STOP_DEEPEN_NOT - STOP_NOW + 1
.done:  ret

; clock_elapsed -- the real time since clock_begin
; IN:  [clock_since]
; OUT: EAX = ms
; CHG: EDX
clock_elapsed:
        call timer_read
        sub eax, [clock_since]
        sbb edx, [clock_since + 4]
        push ebx                    ; EDX, the counts past 2^32 (an hour), is dropped
        mov ebx, MS_PER_SECOND
        mul ebx
        mov ebx, PIT_HZ
        div ebx
        pop ebx
        ret

; timer_start -- note the BIOS tick count and the time-stamp counter
; IN:  nothing
; OUT: [timer_ticks_from], [timer_tsc_from]; [clock_abort] = LIMIT_NONE
; CHG: EAX, EDX
timer_start:
        mov byte [clock_abort], LIMIT_NONE ; a job starts: no limit has stopped it
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
