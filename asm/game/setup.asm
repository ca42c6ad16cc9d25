; setup.asm -- the set-up board (the VB6 seed's user-set positions; Liberman tried his
; mate solver on "fantasy" positions): P enters it with the position on the board.
;
; In the set-up the board keys change the board itself, not the game:
;   K Q R B N P (with Shift)   pick a white piece; k q r b n p a black one (bishops too
;                              on the 6x6 board); the panel says which
;   Space, a click             put the piece picked on the cursor's square (the click's),
;                              or take it off when that piece is there
;   X                          empty the square
;   C                          clear the board; I the start position of the board
;   V                          the other board (its start position)
;   T                          the side to move; 1 2 3 4 the castling rights K Q k q
;   Enter                      play from here
;   M then 1-8 (or M # 1-8)    play from here, asking first for a direct mate in N: its
;                              key, and on the panel's next line the key's threat
;   M H 1-5, M S 1-5           the same for a helpmate (h#N) or a selfmate (s#N)
;   Esc                        back to the game as it was (after M: no ask)
; Leaving checks the position with the FEN rules (fen_parse through engine_set_fen); a
; position they refuse stays on the board to be fixed, and the panel says why.
; New: the set-up board is the VB6 seed's, not in Liberman's texts.

        section .data

msg_setup       db "Set-up: Enter plays", 0
msg_picked      db "Picked ", 0
msg_picked_how  db "Space/click puts", 0
msg_setup_bad   db "Refused: ", 0
msg_no_mate     db "No mate found", 0
msg_no_helpmate db "No helpmate found", 0
msg_no_selfmate db "No selfmate found", 0
msg_stopped     db "Stopped: none found", 0
msg_mate_in     db "Mate in ", 0
msg_selfmate_in db "Selfmate in ", 0
msg_helpmate_h  db "h#", 0
msg_solution    db " solution", 0
msg_threat      db "threat:", 0
msg_not_a_key:
        PANEL_LINE "Not a key here:"
        db 0
; setup_asks -- what each ask says and does (an ask_row, game.inc), a row for each
; SETUP_ASK_* from SETUP_ASK_KIND on
setup_asks:
        dw msg_ask_kind, msg_keys_kind, MATE_MAX_MOVES, setup_mate
        dw msg_ask_mate, msg_keys_mate, MATE_MAX_MOVES, setup_mate
        dw msg_ask_help, msg_keys_stip, STIP_MAX_MOVES, setup_helpmate
        dw msg_ask_self, msg_keys_stip, STIP_MAX_MOVES, setup_selfmate
%if ($ - setup_asks) != (SETUP_ASK_SELF - SETUP_ASK_KIND + 1) * ask_row_size
%error "a row of setup_asks for each ask"
%endif
msg_ask_kind:
        PANEL_LINE "Mate in? 1-", "0" + MATE_MAX_MOVES
        db "H:help S:selfmate", 0
msg_ask_mate    db "Mate in? 1-", "0" + MATE_MAX_MOVES, 0
msg_ask_help    db "Helpmate in? 1-", "0" + STIP_MAX_MOVES, 0
msg_ask_self    db "Selfmate in? 1-", "0" + STIP_MAX_MOVES, 0
msg_keys_kind   db "1-", "0" + MATE_MAX_MOVES, " H S # or Esc", 0
msg_keys_mate   db "1-", "0" + MATE_MAX_MOVES, " or Esc", 0
msg_keys_stip   db "1-", "0" + STIP_MAX_MOVES, " or Esc", 0
setup_piece_keys db "rnbqkp"            ; by piece code ROOK .. PAWN
; setup_rights -- the castling right of the keys 1 2 3 4
setup_rights    db CASTLE_WK, CASTLE_WQ, CASTLE_BK, CASTLE_BQ

        section .bss

setup_active    resb 1              ; nonzero: the board keys set up a position
setup_mate_asked resb 1             ; a SETUP_ASK_*: what the next key answers
setup_last      resb 1              ; the piece picked: what Space or a click puts down
setup_threat_key resd 1             ; setup_threat: the key found
setup_threat_move resd 1            ; and its first threat move (0: none; no move is 0,
                                    ; its from and to squares differ)
setup_threat_on resb 1              ; nonzero: engine_threats' lines are the key's

        section .text

; setup_enter -- P: the set-up board, starting from the position on the board
; IN, OUT, CHG: as the command keys (hand.asm)
setup_enter:
        call chessclock_stop        ; a set-up stops the clocks
        mov byte [setup_active], 1
        mov byte [setup_mate_asked], SETUP_ASK_NONE
        mov byte [setup_last], WHITE | PAWN
        mov byte [picked_square], NO_SQUARE
        mov byte [promo_from], NO_SQUARE
        mov byte [input_len], 0
        mov byte [last_from], NO_SQUARE
        mov byte [last_to], NO_SQUARE
        call engine_setup_begin
        mov word [message], msg_setup
        jmp screen_refresh

; setup_key -- a key in the set-up
; IN:  DX = the key (DH scan code, DL ASCII or 0)
; OUT: the board, the set-up or the game changed as the key says
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
setup_key:
        test dl, dl
        jnz .ascii
        cmp dh, SCAN_ALT_X
        je game_quit
        jmp hand_arrow
.ascii:
        mov al, dl
        cmp byte [setup_mate_asked], SETUP_ASK_NONE
        jne setup_ask_key
        cmp al, KEY_ESC
        je setup_cancel
        cmp al, KEY_ENTER
        je setup_leave
        cmp al, SPACE
        je .space
        mov bx, setup_piece_keys    ; a piece letter: its colour by its case
        mov ah, al
        or ah, CASE_BIT
.piece: cmp ah, [bx]
        je .place
        inc bx
        cmp bx, setup_piece_keys + PIECE_KINDS
        jb .piece
        or al, CASE_BIT
        cmp al, 'x'
        je .empty
        cmp al, 'c'
        je setup_clear
        cmp al, 'i'
        je setup_start
        cmp al, 'v'
        je setup_other_board
        cmp al, 't'
        je setup_turn
        cmp al, 'm'
        je .ask_mate
        sub al, '1'
        cmp al, CASTLE_RIGHTS - 1
        ja .done
        movzx bx, al
        mov al, [setup_rights + bx]
        call engine_setup_castle
        jmp screen_refresh
.place: sub bx, setup_piece_keys    ; BL = the piece code
        test al, CASE_BIT
        jnz .black
        or bl, WHITE
.black: mov [setup_last], bl
        jmp setup_say_picked
.space: mov bl, [cursor_square]
        jmp setup_click
.empty: mov al, EMPTY
        jmp setup_put
.ask_mate:
        mov al, SETUP_ASK_KIND
        jmp setup_ask
.done:  ret

; setup_click -- a click in the set-up, or Space: the cursor there, and the piece
;                picked put down (or taken off when it is already there)
; IN:  BL = the square, NO_SQUARE off the board
; OUT: the square changed
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
setup_click:
        cmp bl, NO_SQUARE
        je .done
        push bx
        call hand_cursor_to
        pop bx
        call engine_square
        cmp al, [setup_last]
        mov al, [setup_last]
        jne setup_put
        mov al, EMPTY
        jmp setup_put
.done:  ret

; setup_say_picked -- the panel says the piece picked ("Picked K": white upper case)
;                     and how to put it
; IN:  [setup_last]
; OUT: [message] -> message_buf
; CHG: AX, BX, SI, DI
setup_say_picked:
        mov di, message_buf
        mov si, msg_picked
        call message_add
        movzx bx, byte [setup_last]
        mov al, bl
        and bx, PIECE_MASK
        mov ah, [setup_piece_keys + bx]
        test al, WHITE
        jz .letter
        and ah, ~CASE_BIT
.letter:
        mov [di], ah
        inc di
        mov byte [di], 0
        call message_new_line
        mov si, msg_picked_how
        call message_add
        jmp screen_refresh

; setup_put -- a content on the cursor's square
; IN:  AL = the content (EMPTY to empty it); [cursor_square]
; OUT: the square and the screen changed
; CHG: BX
setup_put:
        mov bl, [cursor_square]
        call engine_setup_put
        jmp screen_refresh

; setup_clear -- C: an empty board, no castling right
setup_clear:
        call engine_setup_clear
        jmp screen_refresh

; setup_start -- I: the start position of the board in play
setup_start:
        mov al, [engine_variant]
        jmp setup_start_of

; setup_other_board -- V: the other board, at its start position
setup_other_board:
        mov al, [engine_variant]
        xor al, VARIANT_CHESS ^ VARIANT_LOS_ALAMOS
        ; fall through

; setup_start_of -- the start position of a variant on the set-up board
; IN:  AL = the variant
setup_start_of:
        call engine_setup_start
        mov bl, [cursor_square]     ; off the 6x6 board the cursor goes to e2
        call engine_in_play
        jnc .draw
        mov byte [cursor_square], SQ_E1 - ROW_STEP
.draw:  jmp screen_refresh

; setup_turn -- T: the other side to move
setup_turn:
        call engine_setup_turn
        jmp screen_refresh

; setup_cancel -- Esc: back to the game as it was before the set-up
setup_cancel:
        mov word [message], 0       ; the set-up's words go with it
        mov byte [setup_active], 0
        mov bx, [engine_plies]
        jmp game_replay

; setup_leave -- Enter: play from the position set up, if the FEN rules take it
setup_leave:
        mov word [message], 0       ; the set-up's words go (a refusal says its own)
        call setup_check
        jc .done
        call screen_refresh
.done:  ret

; setup_ask -- the panel asks what the next key answers
; IN:  AL = a SETUP_ASK_* from SETUP_ASK_KIND on
; OUT: [setup_mate_asked]; the prompt on the panel
; CHG: BX, SI
setup_ask:
        mov [setup_mate_asked], al
        call setup_ask_row
        mov si, [bx + ask_row.prompt]
        mov [message], si
        jmp screen_refresh

; setup_ask_row -- the setup_asks row of the ask
; IN:  [setup_mate_asked], not SETUP_ASK_NONE
; OUT: BX -> the row
; CHG: nothing else
setup_ask_row:
        movzx bx, byte [setup_mate_asked]
        sub bx, SETUP_ASK_KIND
        imul bx, bx, ask_row_size
        add bx, setup_asks
        ret

; setup_ask_key -- a key while the panel asks: after M a digit (a direct mate), H, S or
;                  #; after those a digit, N; Esc gives the ask up; any other key is
;                  refused with the keys that are taken
; IN:  AL = the key's ASCII; [setup_mate_asked]
; OUT: the ask changed, or the position played after its solution is asked for
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
setup_ask_key:
        cmp al, KEY_ESC
        je .give_up
        cmp byte [setup_mate_asked], SETUP_ASK_KIND
        jne .digit
        mov ah, al
        or ah, CASE_BIT             ; (digits and # keep their code)
        cmp ah, 'h'
        je .help
        cmp ah, 's'
        je .self
        cmp ah, '#'
        je .mate
.digit: call setup_ask_row
        sub al, '0'
        jbe .refused
        movzx cx, al
        cmp cx, [bx + ask_row.most]
        ja .refused
        mov byte [setup_mate_asked], SETUP_ASK_NONE
        jmp setup_solve
.help:  mov al, SETUP_ASK_HELP
        jmp setup_ask
.self:  mov al, SETUP_ASK_SELF
        jmp setup_ask
.mate:  mov al, SETUP_ASK_MATE
        jmp setup_ask
.refused:
        mov di, message_buf
        mov si, msg_not_a_key
        call message_add
        mov si, [bx + ask_row.keys]
        call message_add
        jmp screen_refresh
.give_up:
        mov byte [setup_mate_asked], SETUP_ASK_NONE
        mov word [message], msg_setup
        jmp screen_refresh

; setup_solve -- a digit answered the ask: the position checked as by Enter, then its
;                solver for the side to move, without limits but Space, its answer on
;                the panel
; IN:  CL = N; BX -> the ask's setup_asks row
; OUT: the game from the position set up (or the set-up kept, refused); the answer on
;      the panel
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
setup_solve:
        push word [bx + ask_row.solve]
        push cx
        call setup_check
        pop cx
        pop si
        jc .done
        call clock_limits_none
        mov byte [limit_keys], KEYS_MOVE_NOW ; Space stops a long search
        mov di, message_buf
        mov byte [di], 0
        call si
        mov si, message_buf
        mov [message], si
        call screen_refresh
.done:  ret

; setup_engine -- a solver of the engine called, the legal moves listed again after it
;                 (the search used the move stack)
; IN:  SI -> engine_mate, engine_helpmate or engine_selfmate; CL = N
; OUT: as that call: CF, EAX, CL, SI; ES:0 the legal moves (engine_settle)
; CHG: EBX, EDX, DI, EBP
setup_engine:
        call si
        pushf
        push eax
        push cx
        push si
        call engine_settle
        pop si
        pop cx
        pop eax
        popf
        ret

; setup_none -- the panel's answer when none was found: the solver's words, or that
;               Space stopped it first
; IN:  SI -> "No ... found"; [clock_abort]
; OUT: message_buf
; CHG: SI, DI
setup_none:
        cmp byte [clock_abort], LIMIT_NONE
        je .say
        mov si, msg_stopped
.say:   mov di, message_buf
        jmp message_add

; setup_mate -- the direct mate's answer: "Mate in 2: Qh5" and its threat (setup_threat),
;               or none found
; IN:  CL = N
; OUT: message_buf
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
setup_mate:
        mov si, engine_mate
        call setup_engine
        mov si, msg_no_mate
        jc setup_none
        push eax
        push cx
        mov si, msg_mate_in
        call setup_say_key
        pop cx
        pop eax
        jmp setup_threat

; setup_say_key -- "<words><k>: <the move in SAN>"
; IN:  SI -> the words; CL = k; EAX = the move, legal in the position (ES:0 listed)
; OUT: message_buf
; CHG: EAX, SI, DI
setup_say_key:
        mov di, message_buf
        push eax
        call message_add
        movzx eax, cl
        call text_number
        mov byte [di], ':'
        mov byte [di + 1], SPACE
        add di, 2
        pop eax
        jmp notation_san

; setup_threat -- a direct mate's key's threat on the panel's next line, "threat: Qh5#":
;                 the attacker's first move that mates soonest were the defender to pass
;                 (engine_threats), in SAN on the position after the key and a pass;
;                 nothing after a mate in one, a key that checks or a zugzwang, or when
;                 Space stopped the search
; IN:  EAX = the key, CL = k; DI -> the end of the message in message_buf
; OUT: message_buf; the position as set up
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
setup_threat:
        cmp cl, 1
        jbe .none
        mov [setup_threat_key], eax
        mov dword [setup_threat_move], 0
        mov byte [setup_threat_on], 0
        mov word [engine_tree_hook], setup_threat_line
        push di
        mov si, engine_threats
        call setup_engine
        pop di
        cmp dword [setup_threat_move], 0
        je .none
        push di
        mov eax, [setup_threat_key]
        call engine_make
        call engine_pass
        call engine_settle
        pop di
        mov eax, [setup_threat_move]
        call setup_san_play
        push ax
        call message_new_line
        mov si, msg_threat
        call message_add
        pop ax
        call setup_san_add
        xor bx, bx                  ; the position as set up again
        jmp engine_take_back
.none:  ret

; setup_threat_line -- engine_threats' line routine: the first threat move of the key
;                      setup_threat asks about
; IN:  EAX = the move, DH = its role (ENGINE_LINE_*); [setup_threat_key]
; OUT: [setup_threat_on] set while the lines are that key's; [setup_threat_move]
; CHG: nothing
setup_threat_line:
        cmp dh, ENGINE_LINE_KEY
        jne .threat
        cmp eax, [setup_threat_key]
        sete byte [setup_threat_on]
        ret
.threat:
        cmp dh, ENGINE_LINE_THREAT
        jne .done
        cmp byte [setup_threat_on], 0
        je .done
        cmp dword [setup_threat_move], 0
        jne .done
        mov [setup_threat_move], eax
.done:  ret

; setup_selfmate -- the selfmate's answer: "Selfmate in 3: Qb5" (the key), or none found
; IN:  CL = N
; OUT: message_buf
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
setup_selfmate:
        mov si, engine_selfmate
        call setup_engine
        mov si, msg_no_selfmate
        jc setup_none
        mov si, msg_selfmate_in
        jmp setup_say_key

; setup_helpmate -- the helpmate's answer: "h#2 3 solutions", then on the next line as
;                   many moves of its first line in SAN as the panel holds; or none
;                   found.  The line is played on the engine's position to name its
;                   moves, and the position set up again after it
; IN:  CL = N
; OUT: message_buf
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
setup_helpmate:
        mov si, engine_helpmate
        call setup_engine
        jnc .found
        mov si, msg_no_helpmate
        jmp setup_none
.found: mov di, message_buf
        push si
        push eax
        mov si, msg_helpmate_h
        call message_add
        movzx eax, cl
        call text_number
        mov byte [di], SPACE
        inc di
        pop eax
        push eax
        call text_number
        mov si, msg_solution
        call message_add
        pop eax
        cmp eax, 1
        je .counted
        mov byte [di], 's'
        inc di
        mov byte [di], 0
.counted:
        call message_new_line
        pop si                      ; SI -> the line, 2k moves
        movzx cx, cl
        add cx, cx
.move:  push cx
        push si
        mov eax, [si]
        call setup_san_play
        call setup_san_add
        pop si
        pop cx
        jc .shown                   ; the panel is full
        add si, MOVE_SIZE
        loop .move
.shown: xor bx, bx                  ; the position as set up again
        jmp engine_take_back

; setup_san_play -- a move's SAN with its check sign, the move made on the engine's
;                   position to find the sign
; IN:  EAX = a legal move of the position (ES:0 listed)
; OUT: san_copy, AX = its length; the position after the move, settled
; CHG: EAX, EBX, ECX, EDX, SI, EBP (DI kept)
setup_san_play:
        push di
        mov di, san_copy
        call notation_san
        push di
        call engine_make
        call engine_settle
        pop di
        call game_check_sign
        mov ax, di
        sub ax, san_copy            ; its length
        pop di
        ret

; setup_san_add -- a move's SAN after the message so far, a blank before it unless it
;                  starts a panel line, if the whole of it fits
; IN:  san_copy, AX = its length; DI -> the end of the message (message_buf)
; OUT: CF clear: the move added, DI -> the 0 after it; CF set: it does not fit,
;      nothing added
; CHG: AX, DX, SI
setup_san_add:
        push cx
        push ax
        mov ax, di
        sub ax, message_buf
        xor dx, dx
        mov cx, PANEL_COLS
        div cx                      ; DX = the column
        pop ax
        pop cx
        test dx, dx
        jz .fits                    ; at a line's start: no blank
        inc ax
.fits:  add ax, di
        cmp ax, message_buf + MESSAGE_BYTES - 1
        ja .full
        test dx, dx
        jz .add
        mov byte [di], SPACE
        inc di
.add:   mov si, san_copy
        call message_add
        clc
        ret
.full:  stc
        ret

; setup_check -- the set-up as a FEN, checked by the FEN rules (engine_setup_check):
;                taken, it becomes the game's start (the record empty, you play the side
;                to move); refused, the board stays as it was set up and the panel says
;                why
; IN:  the set-up
; OUT: CF clear: the game starts from it; CF set: refused, [message] says why
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
setup_check:
        call engine_setup_check
        jc .refused
        mov si, out_buf
        call game_set_fen
        call game_setup
        mov byte [setup_active], 0
        mov al, MODE_YOU_WHITE      ; you play the side to move
        cmp byte [engine_side], WHITE
        je .players
        mov al, MODE_YOU_BLACK
.players:
        mov [players_mode], al
        call game_set_players
        clc
        ret
.refused:
        push si
        mov di, message_buf
        mov si, msg_setup_bad
        call message_add
        pop si
        call message_add
        call screen_refresh
        stc
        ret
