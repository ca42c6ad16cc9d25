; analysis.asm -- A: analysis mode.  The computer plays nothing; it thinks about the
; position on the board for whichever side is to move, with no limit, showing its lines
; (thinking.asm), until a key or a click.  The player moves the pieces of both sides,
; and each move (a take-back, a new game) starts the thinking again.  A again leaves
; the mode: the players are those of before.
; New: Liberman's game had no analysis mode.

        section .data

analysis_on     db 0                ; A: analysis mode
msg_analysis_on db "Analysis: any key", 0
msg_analysis_off db "Analysis off", 0
log_analysis    db "analysis ", 0

        section .bss

analysis_mode   resb 1              ; [players_mode] before the mode began
analysis_plies  resw 1              ; the position thought about: the record's length
analysis_last   resd 1              ; and its last move

        section .text

; analysis_toggle -- A: analysis mode on or off.  A command key: IN, OUT, CHG as
;                    game.asm's
analysis_toggle:
        xor byte [analysis_on], 1
        jz .off
        mov al, [players_mode]
        mov [analysis_mode], al
        mov byte [players_mode], MODE_TWO_HUMANS
        call game_set_players
        mov word [analysis_plies], NO_ANALYSIS ; think about this position
        mov word [message], msg_analysis_on
        jmp screen_refresh
.off:   mov al, [analysis_mode]
        mov [players_mode], al
        call game_set_players
        mov word [message], msg_analysis_off
        jmp screen_refresh

; analysis_turn -- in analysis mode, think about a position not yet thought about,
;                  until a key or a click (which then waits for the main loop)
; IN:  [analysis_on]; the game
; OUT: the thinking's last line on the panel
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
analysis_turn:
        cmp byte [analysis_on], 0
        je .done
        mov ax, [engine_plies]
        mov ebx, [engine_last]
        cmp ax, [analysis_plies]
        jne .new
        cmp ebx, [analysis_last]
        je .done
.new:   mov [analysis_plies], ax
        mov [analysis_last], ebx
        cmp byte [engine_status], STATUS_OVER
        jae .done                   ; nothing to think about
        cmp byte [setup_active], 0
        jne .done
        mov byte [thinking], 1
        call screen_panel
        call clock_limits_none
        mov byte [limit_keys], KEYS_LEAVE
        mov word [clock_tick_hook], analysis_tick
        mov cl, MATE_LEVEL_DEFAULT
        call think_begin
        call engine_think
        call think_end
        mov word [clock_tick_hook], sound_tick
        mov byte [thinking], 0
        call screen_panel
.done:  ret

; analysis_tick -- clock.asm's clock_tick_hook while analysing: sound_tick, and a press
;                  of the mouse's left button stops the thinking as a key would (the
;                  press is left to the main loop, which counts it)
; IN:  the mouse
; OUT: [clock_abort] = LIMIT_KEY when the button is down
; CHG: nothing
analysis_tick:
        call sound_tick
        cmp byte [mouse_present], 0
        je .done
        pusha
        mov ax, MOUSE_STATUS
        int MOUSE_INT
        test bx, MOUSE_LEFT_DOWN
        jz .up
        mov byte [clock_abort], LIMIT_KEY
.up:    popa
.done:  ret

; analysis_log -- the game log's line: `analysis 1` in analysis mode, else `analysis 0`
; IN:  [analysis_on]; [out_handle]
; OUT: the line written
; CHG: EAX, SI
analysis_log:
        mov si, log_analysis
        call out_string
        movzx eax, byte [analysis_on]
        call out_u32
        jmp out_crlf
