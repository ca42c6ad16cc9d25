; hint.asm -- H: the move the computer would play for the player, thought at the current
; level (any key ends the thinking early, and its best move so far is given), lit on
; the board in PAL_HINT and named on the panel.  Nothing in the game changes: the
; record, the position and the clocks' turn stay as they were; the next key or click
; puts the light out.
; New: Liberman's game gave no hints.

        section .data

hint_from       db NO_SQUARE        ; the hint's squares, lit (draw_square_colour)
hint_to         db NO_SQUARE
msg_hint        db "Hint: ", 0
log_hint        db "hint ", 0

        section .bss

hint_move       resd 1              ; the move lit, or 0

        section .text

; hint_show -- H: think for the player to move and light the move found.  A command key:
;              IN, OUT, CHG as game.asm's
hint_show:
        call hint_clear
        call hand_allowed           ; the player's turn in a game that goes on
        jc .say
        mov byte [thinking], 1
        mov word [message], 0
        call screen_panel
        call game_limits
        mov byte [limit_keys], KEYS_STOP ; any key ends it, the best move so far given
        call think_begin
        call engine_think
        call think_end
        mov byte [thinking], 0
        jc .refresh                 ; no move (the game is over)
        mov [hint_move], eax
        mov [hint_from], al
        and byte [hint_from], SQUARE_MASK
        mov ebx, eax
        MOVE_TO_LOW ebx
        mov [hint_to], bl
        mov di, message_buf         ; "Hint: Nf3" (ES:0 = the legal moves again)
        mov si, msg_hint
        call message_add
        mov eax, [hint_move]
        call notation_san
.refresh:
        jmp screen_refresh
.say:   mov [message], si
        jmp screen_refresh

; hint_clear -- put the hint's light out, if it is on
; IN:  [hint_from], [hint_to]
; OUT: the two squares drawn without it; [hint_move] = 0; GAME.LOG with /log
; CHG: nothing
hint_clear:
        cmp byte [hint_from], NO_SQUARE
        je .done
        pusha
        mov dword [hint_move], 0
        call mouse_hide
        mov bl, NO_SQUARE
        xchg bl, [hint_from]
        call draw_square
        mov bl, NO_SQUARE
        xchg bl, [hint_to]
        call draw_square
        call mouse_show
        call file_log
        popa
.done:  ret

; hint_log -- the game log's line: `hint e2e4`, or `hint -` when none is lit
; IN:  [hint_move]; [out_handle]
; OUT: the line written
; CHG: EAX, SI
hint_log:
        mov si, log_hint
        call out_string
        mov eax, [hint_move]
        test eax, eax
        jz .none
        call engine_print_move
        jmp out_crlf
.none:  mov al, '-'
        call out_char
        jmp out_crlf
