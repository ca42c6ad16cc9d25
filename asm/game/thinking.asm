; thinking.asm -- the computer's thinking on the panel: after each iteration of a search
; (the engine's engine_report_hook and engine_line_hook) the message lines say its depth,
; its score in pawns from white's view or `mate in N` (`-mate in N`: black mates), the
; positions visited, and the first moves of its line in SAN:
;       7 +0.35 41k
;       Nf3 Nc6 Bb5 a6 O-O
; The line stays after the move, until the next key.  I switches it off and on (the
; settings keep it).  Within the search's first BIOS tick the iterations are only
; noted: a search that short needs no live view, and its last line is put together once
; when it ends (engine_line), for the panel drawn after it.
; New: Liberman's game showed nothing while it thought.

        section .data

think_shown     db 1                ; I: the thinking on the panel
msg_think_on    db "Thinking shown", 0
msg_think_off   db "Thinking hidden", 0
text_mate_in    db "mate in ", 0
log_think       db "think ", 0
THINK_KILO      equ 10000           ; from this many positions, counted in thousands
THINK_KILO_DIV  equ 1000
CENTIPAWNS      equ 100             ; a pawn
THINK_DRAW_TICKS equ 1              ; the lines are drawn from this BIOS tick of a search on

        section .bss

; think_line (the line's SANs, a space between) lies in mode_work, with game.asm's other
; fields there
think_line_end  resw 1              ; -> the 0 after them
think_cost_from resq 1              ; the cost counter when the last search began
think_cost      resq 1              ; the instructions it took (engine_think, the
                                    ; thinking shown or not)
think_nodes     resd 1              ; and the positions it visited
think_tick_from resd 1              ; the BIOS tick the search began
think_pending   resb 1              ; an iteration reported, its line not yet put together

        section .text

; think_begin -- before engine_think: the engine's report hooks when the thinking is
;               shown; the cost counter noted
; IN:  [think_shown]
; OUT: [engine_report_hook] (the line hook stays 0: think_lines walks the line);
;      think_cost_from, [think_tick_from], [think_pending]
; CHG: nothing
think_begin:
        push eax
        push edx
        call timer_cost
        mov [think_cost_from], eax
        mov [think_cost_from + 4], edx
        call timer_ticks
        mov [think_tick_from], eax
        pop edx
        pop eax
        mov byte [think_pending], 0
        mov word [engine_report_hook], 0
        mov word [engine_line_hook], 0
        cmp byte [think_shown], 0
        je .done
        mov word [engine_report_hook], think_report
.done:  ret

; think_end -- after engine_think: no more reports; the last iteration's lines put
;             together if they were not (think_lines); what the search cost, with them
; IN:  think_cost_from; [clock_nodes]; [think_pending]
; OUT: the hooks 0; message_buf; think_cost, [think_nodes]
; CHG: nothing (the flags kept for engine_think's CF)
think_end:
        pushf
        pushad
        cmp byte [think_pending], 0
        je .cost
        call think_lines
.cost:  mov word [engine_report_hook], 0
        mov word [engine_line_hook], 0
        call timer_cost
        sub eax, [think_cost_from]
        sbb edx, [think_cost_from + 4]
        mov [think_cost], eax
        mov [think_cost + 4], edx
        mov eax, [clock_nodes]
        mov [think_nodes], eax
        popad
        popf
        ret

; think_log -- the game log's line: `think <shown> <nodes> <instructions>`, the
;              thinking shown (1) or not, and the last search's positions and cost
; IN:  [think_shown], [think_nodes], think_cost; [out_handle]
; OUT: the line written
; CHG: EAX, EDX, SI
think_log:
        mov si, log_think
        call out_string
        movzx eax, byte [think_shown]
        call out_u32
        call out_space
        mov eax, [think_nodes]
        call out_u32
        call out_space
        mov eax, [think_cost]
        mov edx, [think_cost + 4]
        call out_u64
        jmp out_crlf

; think_move -- engine_line_hook: a move of the line, added in SAN if it fits on the
;              panel's line (none after one that does not)
; IN:  EAX = the move; DX = its place in the line (0 first); ES:SI -> the legal moves of
;      its position, CX = their count
; OUT: think_line, [think_line_end]; CF set: the line is full, no more moves wanted
; CHG: nothing
think_move:
        pushad
        test dx, dx
        jnz .add
        mov word [think_line_end], think_line
.add:   mov di, [think_line_end]
        cmp di, think_line + PANEL_COLS
        cmc
        jc .done                    ; the panel line is full
        mov bx, di
        test dx, dx
        jz .san
        mov byte [di], SPACE
        inc di
.san:   call notation_san_in
        mov [think_line_end], di
        cmp di, think_line + PANEL_COLS + 1
        cmc
        jnc .done                   ; it fits (CF clear: more wanted)
        mov byte [bx], 0            ; it does not fit: the line ends before it
        mov word [think_line_end], think_line + PANEL_COLS + 1
.done:  popad
        ret

; think_report -- engine_report_hook: the iteration on the panel's message lines, from
;                 the search's THINK_DRAW_TICKS-th BIOS tick on; before it, only noted
; IN:  [think_tick_from]; as think_lines
; OUT: message_buf and [message], drawn; or [think_pending] set
; CHG: nothing
think_report:
        pushad
        mov byte [think_pending], 1
        call timer_ticks
        sub eax, [think_tick_from]
        cmp eax, THINK_DRAW_TICKS
        jb .done
        call think_lines
        call mouse_hide
        call draw_message
        call mouse_show
.done:  popad
        ret

; think_lines -- the iteration's message lines: depth, score and positions, then the
;                first moves of its principal line in SAN (engine_line with think_move)
; IN:  engine_think_depth, engine_think_score, engine_think_nodes; the root position
; OUT: message_buf and [message]; think_line; [think_pending] 0
; CHG: EAX, EBX, ECX, EDX, ESI, EDI
think_lines:
        mov byte [think_pending], 0
        mov byte [think_line], 0
        mov word [think_line_end], think_line
        mov word [engine_line_hook], think_move
        call engine_line
        mov word [engine_line_hook], 0
        mov di, message_buf
        mov byte [di], 0
        movzx eax, byte [engine_think_depth]
        call text_number
        mov byte [di], SPACE
        inc di
        call think_score
        mov byte [di], SPACE
        inc di
        mov eax, [engine_think_nodes]
        cmp eax, THINK_KILO
        jb .nodes
        xor edx, edx
        mov ebx, THINK_KILO_DIV
        div ebx
        call text_number
        mov byte [di], 'k'
        inc di
        mov byte [di], 0
        jmp .line
.nodes: call text_number
.line:  call message_new_line
        mov si, think_line
        jmp message_add

; think_score -- a score as the panel says it: +0.35, -1.20, mate in 3, -mate in 3
; IN:  engine_think_score (centipawns from white's view); DI -> where it goes
; OUT: the text, DI -> the 0 after it
; CHG: EAX, EBX, EDX, SI
think_score:
        mov eax, [engine_think_score]
        mov byte [di], '+'
        test eax, eax
        jns .sign
        mov byte [di], '-'
        neg eax
.sign:  inc di
        cmp eax, SCORE_MATE_BOUND
        jg .mate
        xor edx, edx
        mov ebx, CENTIPAWNS
        div ebx
        call text_number
        mov byte [di], '.'
        inc di
        mov eax, edx
        cmp al, DECIMAL_BASE        ; two digits of hundredths
        jae .cents
        mov byte [di], '0'
        inc di
.cents: jmp text_number
.mate:  cmp byte [di - 1], '-'      ; a mate for white needs no sign
        je .mated
        dec di
.mated: neg eax
        add eax, SCORE_MATE         ; plies to the mate
        inc eax
        shr eax, 1                  ; moves
        mov si, text_mate_in
        call text_append
        jmp text_number

; think_toggle -- I: the thinking shown or hidden (the panel says which; the settings
;                 keep it).  A command key: IN, OUT, CHG as game.asm's
think_toggle:
        xor byte [think_shown], 1
        mov word [message], msg_think_on
        jnz .said
        mov word [message], msg_think_off
.said:  call settings_save
        jmp screen_refresh
