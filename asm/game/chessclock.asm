; chessclock.asm -- the game's chess clocks (new: Liberman's game had levels only).  K
; steps through the time controls of time_controls; with one chosen, the side to move's
; time runs from the first move played, the panel shows both clocks, the computer
; allots itself its time (clock.asm's clock_allot), and a flag that falls ends the game
; (lost, or drawn when the other side has its king alone); a mate or draw stops them.
; Taking a move back or setting up a new game stops the clocks until the next move.
; The game reads the flag again as a move is made (game_play), and refuses a take-back
; once it has fallen: the clocks keep no time a move to go back to.
; The time is the PIT's (timer.asm): real time on the machine at hand.

        section .data

; time_controls -- the choices of K: the time a period (ms), the increment a move (ms),
; the moves a period (0: the rest of the game), the panel's name; TIME_CONTROL_NONE
; first (the levels decide alone).
time_controls:
        dd 0, 0
        dw 0, tc_none
        dd 5 * MS_PER_MINUTE, 0
        dw 0, tc_blitz
        dd 15 * MS_PER_MINUTE, 10 * MS_PER_SECOND
        dw 0, tc_rapid
        dd 90 * MS_PER_MINUTE, 0
        dw 40, tc_classic
time_controls_end:
%if (time_controls_end - time_controls) / time_control_size != TIME_CONTROLS
%error "one row of time_controls for each control"
%endif
tc_none         db 0
tc_blitz        db "Clock 5+0", 0
tc_rapid        db "Clock 15+10", 0
tc_classic      db "Clock 40/90", 0
log_clock       db "clock ", 0

        section .bss

clock_choice    resb 1              ; the row of time_controls in use
chess_left      resd 2              ; ms on each clock, by colour >> COLOUR_SHIFT
chess_moves     resw 2              ; moves made in the period, by colour
chess_since     resq 1              ; timer_read when the running clock started
chess_running   resb 1              ; nonzero: the side to move's clock runs
chess_flag      resb 1              ; 0, or 1 + the colour index whose flag fell
chess_shown     resd 1              ; the seconds on the panel, to redraw on a change

        section .text

; chessclock_row -- the time_controls row in use
; IN:  [clock_choice]
; OUT: BX -> the row
; CHG: nothing else
chessclock_row:
        movzx bx, byte [clock_choice]
        imul bx, bx, time_control_size
        add bx, time_controls
        ret

; chessclock_reset -- both clocks full and stopped, no flag fallen
; IN:  [clock_choice]
; OUT: chess_left, chess_moves, [chess_running] = 0, [chess_flag] = 0
; CHG: EAX, BX
chessclock_reset:
        call chessclock_row
        mov eax, [bx + time_control.base]
        mov [chess_left], eax
        mov [chess_left + 4], eax
        mov dword [chess_moves], 0
        mov byte [chess_running], 0
        mov byte [chess_flag], 0
        ret

; chessclock_next -- K: the next time control (after the last, none), clocks full
; IN:  nothing
; OUT: the panel redrawn
; CHG: any general register
chessclock_next:
        inc byte [clock_choice]
        cmp byte [clock_choice], TIME_CONTROLS
        jb .set
        mov byte [clock_choice], TIME_CONTROL_NONE
.set:   call chessclock_reset
        jmp screen_refresh

; chessclock_side -- the index of a colour in chess_left
; IN:  AL = the colour, WHITE or BLACK
; OUT: SI = AL >> COLOUR_SHIFT, times 4 in DI (a dword each)
; CHG: nothing else
chessclock_side:
        movzx si, al
        shr si, COLOUR_SHIFT
        mov di, si
        shl di, DWORD_SHIFT
        ret

; chessclock_left -- the time left on a colour's clock, now (the time run since
;                    [chess_since] charged to it while a clock runs: call it for the
;                    colour whose clock runs)
; IN:  AL = the colour, WHITE or BLACK; chess_left, [chess_running], [chess_since]
; OUT: EAX = ms (negative: the flag has fallen); SI, DI as chessclock_side
; CHG: EDX, SI, DI
chessclock_left:
        call chessclock_side
        mov eax, [chess_left + di]
        cmp byte [chess_running], 0
        je .done
        push eax
        call timer_read
        sub eax, [chess_since]
        sbb edx, [chess_since + 4]
        push ebx
        mov ebx, MS_PER_SECOND
        mul ebx
        mov ebx, PIT_HZ
        div ebx
        pop ebx
        mov edx, eax
        pop eax
        sub eax, edx
.done:  ret

; chessclock_stop -- stop the clocks (take-back), the time run so far charged
; IN:  the clocks
; OUT: [chess_running] = 0
; CHG: EAX, EDX, SI, DI
chessclock_stop:
        mov al, [engine_side]
        call chessclock_left
        mov [chess_left + di], eax
        mov byte [chess_running], 0
        ret

; chessclock_moved -- a move was played by the side not to move now: charge it its
;                     time, give it its increment, start the other clock (none once
;                     the move ended the game: a mate or a draw stands, no flag falls)
; IN:  the clocks (as before the move), [engine_side] after it, [engine_status]
; OUT: the clocks; [chess_running] = 1 under a time control while the game goes on
; CHG: EAX, EBX, EDX, SI, DI
chessclock_moved:
        cmp byte [clock_choice], TIME_CONTROL_NONE
        je .done
        mov al, [engine_side]
        xor al, WHITE ^ BLACK       ; the mover's clock
        call chessclock_left
        test eax, eax               ; it ran out while the move was made, after
        jns .charged                ; game_play read it: none left, never less
        xor eax, eax
.charged:
        call chessclock_row
        add eax, [bx + time_control.increment]
        mov [chess_left + di], eax
        movzx edx, word [bx + time_control.moves]
        test edx, edx
        jz .start
        mov eax, [bx + time_control.base]
        shr di, 1                   ; a word a colour in chess_moves
        inc word [chess_moves + di]
        cmp [chess_moves + di], dx
        jb .start
        mov word [chess_moves + di], 0 ; a new period
        shl di, 1
        add [chess_left + di], eax
.start: call timer_read
        mov [chess_since], eax
        mov [chess_since + 4], edx
        cmp byte [engine_status], STATUS_OVER
        setb byte [chess_running]
.done:  ret

; chessclock_restore -- the clocks as a save left them, stopped; a side to move with
;                       no time left had lost on time (savegame_write saves a fallen
;                       flag as 0 ms), so the game comes back over
; IN:  chess_left, [clock_choice], [engine_side]
; OUT: [chess_running] = 0, [chess_flag]
; CHG: AX, SI, DI
chessclock_restore:
        mov byte [chess_running], 0
        cmp byte [clock_choice], TIME_CONTROL_NONE
        je .done
        mov al, [engine_side]
        call chessclock_side
        cmp dword [chess_left + di], 0
        jne .done
        inc si
        mov ax, si
        mov [chess_flag], al
.done:  ret

; chessclock_drawn -- a flag has fallen: is it a draw, the other side having its king
;                     alone (FIDE Laws 6.9: no series of legal moves lets it mate)?
; IN:  [engine_side] (the side whose flag fell)
; OUT: CF set if drawn
; CHG: nothing
chessclock_drawn:
        push ax
        mov al, [engine_side]
        xor al, WHITE ^ BLACK
        call engine_king_alone
        pop ax
        ret

; chessclock_tick -- the main loop's look at the running clock: a flag that falls ends
;                    the game; the panel follows the seconds
; IN:  the clocks
; OUT: [chess_flag]; the panel redrawn when the seconds shown change
; CHG: EAX, EBX, EDX, SI, DI
chessclock_tick:
        cmp byte [chess_running], 0
        je .done
        mov al, [engine_side]
        call chessclock_left
        test eax, eax
        jg .runs
        mov dword [chess_left + di], 0
        mov byte [chess_running], 0
        inc si
        mov ax, si
        mov [chess_flag], al
        jmp screen_refresh
.runs:  call chessclock_new_second
        jne screen_panel
.done:  ret

; chessclock_thinking -- clock.asm's clock_tick_hook in the game: while the computer
;                        thinks its clock runs, and the panel's clock line follows the
;                        seconds (a flag is left to chessclock_tick, after the search;
;                        the status block's side to move is the root's throughout)
; IN:  the clocks
; OUT: the clock line redrawn when the seconds shown change
; CHG: nothing
chessclock_thinking:
        cmp byte [chess_running], 0
        je .done
        pushad
        mov al, [engine_side]
        call chessclock_left
        test eax, eax
        jle .back
        call chessclock_new_second
        je .back
        call mouse_hide
        call draw_clock_line
        call mouse_show
.back:  popad
.done:  ret

; chessclock_new_second -- does the running clock show another second now?
; IN:  EAX = its ms left, positive; [chess_shown]
; OUT: ZF clear if so; [chess_shown] = the seconds
; CHG: EAX, EBX, EDX
chessclock_new_second:
        xor edx, edx
        mov ebx, MS_PER_SECOND
        div ebx
        cmp eax, [chess_shown]
        mov [chess_shown], eax
        ret

; chessclock_allot -- the computer's limits under a time control (clock_allot on the
;                     time left, the increment and the moves to the control)
; IN:  the clocks; [clock_choice] not TIME_CONTROL_NONE
; OUT: [limit_time], [limit_soft]
; CHG: EAX, EBX, ECX, EDX, SI, DI
chessclock_allot:
        mov al, [engine_side]
        call chessclock_left
        test eax, eax               ; past a fallen flag: nothing left (clock_allot reads
        jns .left                   ; the time left unsigned)
        xor eax, eax
.left:  call chessclock_row
        movzx ecx, word [bx + time_control.moves]
        jecxz .sudden
        shr di, 1                   ; a word a colour in chess_moves
        sub cx, [chess_moves + di]
.sudden:
        mov ebx, [bx + time_control.increment]
        jmp clock_allot

; chessclock_text -- the panel's clock line: "W 4:59  B 5:00" (empty without a clock)
; IN:  the clocks; DI -> the buffer
; OUT: the text, 0-terminated
; CHG: EAX, EBX, EDX, SI
chessclock_text:
        mov byte [di], 0
        cmp byte [clock_choice], TIME_CONTROL_NONE
        je .done
        mov byte [di], 'W'
        inc di
        mov bx, WHITE >> COLOUR_SHIFT
        call chessclock_time
        mov byte [di], ' '
        inc di
        mov byte [di], 'B'
        inc di
        mov bx, BLACK >> COLOUR_SHIFT
        call chessclock_time
.done:  ret

; chessclock_time -- " m:ss" of one clock (the running one as it is now)
; IN:  BX = the colour index; DI -> where it goes
; OUT: DI -> the 0 stored after it
; CHG: EAX, EDX, SI
chessclock_time:
        push di
        mov al, [engine_side]
        call chessclock_side
        cmp si, bx
        pop di
        je .running
        push bx
        shl bx, DWORD_SHIFT
        mov eax, [chess_left + bx]
        pop bx
        jmp .show
.running:
        push di
        call chessclock_left
        pop di
        test eax, eax
        jns .show
        xor eax, eax
.show:  mov byte [di], ' '
        inc di
        xor edx, edx
        push ebx
        mov ebx, MS_PER_SECOND
        div ebx
        xor edx, edx
        mov ebx, SECONDS_PER_MINUTE
        div ebx
        pop ebx
        call text_number            ; the minutes
        mov byte [di], ':'
        inc di
        mov al, dl
        aam                         ; AH = tens, AL = units of the seconds
        add ax, '00'
        mov [di], ah
        mov [di + 1], al
        mov byte [di + 2], 0
        add di, 2
        ret

; chessclock_log -- the log's clock line: `clock <control> <white ms> <black ms> <flag>`
;                   (control: the row of time_controls, 0 none; flag: 0, or w / b whose
;                   flag fell)
; IN:  the clocks
; OUT: the line in the output buffer
; CHG: EAX, EBX, EDX, SI, DI
chessclock_log:
        mov si, log_clock
        call out_string
        movzx eax, byte [clock_choice]
        call out_u32
        mov bx, WHITE >> COLOUR_SHIFT
        call .time
        mov bx, BLACK >> COLOUR_SHIFT
        call .time
        call out_space
        mov al, '0'
        cmp byte [chess_flag], 0
        je .flag
        mov al, 'w'
        cmp byte [chess_flag], (WHITE >> COLOUR_SHIFT) + 1
        je .flag
        mov al, 'b'
.flag:  call out_char
        jmp out_crlf
.time:  call out_space
        mov al, [engine_side]
        call chessclock_side
        cmp si, bx
        je .running
        shl bx, DWORD_SHIFT
        mov eax, [chess_left + bx]
        jmp out_u32
.running:
        call chessclock_left
        test eax, eax
        jns .shown
        xor eax, eax
.shown: jmp out_u32

; chessclock_pgn -- the PGN TimeControl tag's value of the control in use: "-" (none),
;                   "300" (seconds a game), "900+10" (and an increment), "40/5400"
;                   (moves, then seconds a period)
; IN:  [clock_choice]
; OUT: the value in the output buffer
; CHG: EAX, BX, ECX, EDX
chessclock_pgn:
        call chessclock_row
        mov al, '-'
        cmp byte [clock_choice], TIME_CONTROL_NONE
        je out_char
        movzx eax, word [bx + time_control.moves]
        test eax, eax
        jz .base
        call out_u32
        mov al, '/'
        call out_char
.base:  mov eax, [bx + time_control.base]
        call .seconds
        mov eax, [bx + time_control.increment]
        test eax, eax
        jz .done
        push eax
        mov al, '+'
        call out_char
        pop eax
.seconds:
        xor edx, edx
        mov ecx, MS_PER_SECOND
        div ecx
        jmp out_u32
.done:  ret

; chessclock_from_pgn -- a PGN TimeControl tag's value (as chessclock_pgn writes them:
;                        `-`, `300`, `900+10`, `40/5400`): when it is one of the game's
;                        controls, that control is in use (its clocks set full when the
;                        game is set up); any other value changes nothing
; IN:  load_buf = the value, 0-terminated
; OUT: [clock_choice]
; CHG: EAX, EBX, ECX, EDX, SI, DI
chessclock_from_pgn:
        mov si, load_buf
        cmp word [si], '-'          ; "-" and its 0: no clock
        jne .numbers
        mov byte [clock_choice], TIME_CONTROL_NONE
        ret
.numbers:
        xor ecx, ecx                ; the moves of a period: none
        call chessclock_digits
        jc .done
        cmp byte [si], '/'
        jne .base
        mov ecx, eax
        inc si
        call chessclock_digits
        jc .done
.base:  imul edx, eax, MS_PER_SECOND
        xor eax, eax                ; no increment
        cmp byte [si], '+'
        jne .end
        inc si
        call chessclock_digits
        jc .done
        imul eax, eax, MS_PER_SECOND
.end:   cmp byte [si], 0
        jne .done
        mov bx, time_controls + time_control_size
        mov di, TIME_CONTROL_NONE + 1
.row:   cmp [bx + time_control.base], edx
        jne .next
        cmp [bx + time_control.increment], eax
        jne .next
        cmp [bx + time_control.moves], cx
        jne .next
        mov ax, di
        mov [clock_choice], al
        ret
.next:  add bx, time_control_size
        inc di
        cmp di, TIME_CONTROLS
        jb .row
.done:  ret

; chessclock_digits -- a number of at most eight digits
; IN:  SI -> the text
; OUT: CF clear: EAX = the number, SI past its digits; CF set: no digit, or too many
; CHG: EBX
chessclock_digits:
        xor eax, eax
        mov bx, si
.digit: cmp byte [si], '0'
        jb .end
        cmp byte [si], '9'
        ja .end
        cmp eax, 10000000           ; eight digits at most: no product past 32 bits
        jae .bad
        imul eax, eax, 10
        push ebx
        movzx ebx, byte [si]
        sub bl, '0'
        add eax, ebx
        pop ebx
        inc si
        jmp .digit
.end:   cmp si, bx
        jne .ok
.bad:   stc
        ret
.ok:    clc
        ret
