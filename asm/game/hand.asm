; hand.asm -- the player's hand: keys, clicks and typed moves turned into the game's
; actions -- the cursor, taking a piece up and putting it down, the promotion's piece,
; the command letters.  (Liberman 1997 part 3: the program finds every legal move in
; advance; a piece is taken only if some move starts on its square, put down only where
; one ends -- otherwise "the program stays without any sign of excitement"; ENTER or
; the bar takes and puts, and "changing the light" says it was understood.)

        section .data

promo_from      db NO_SQUARE        ; a promotion waits for its piece: from, to
promo_to        db NO_SQUARE
msg_promote     db "Promote: Q R B N", 0
msg_promote_la  db "Promote: Q R N", 0 ; Los Alamos chess has no bishop to promote to
msg_illegal     db "Illegal move", 0
msg_not_now     db "Not your move now", 0
msg_over        db "The game is over", 0

; delayed_keys -- the command letters that are also files of a typed move: each waits
; for the next key (a rank digit: the file) or FLIP_WAIT_TICKS; a letter, then its
; routine, as command_keys.
delayed_keys:
        db 'f'
        dw game_flip
        db 'h'
        dw hint_show
        db 'a'
        dw analysis_toggle
        db 0
promo_letters   db "qrbn"           ; the pieces a typed move may promote to
PROMO_LETTERS   equ $ - promo_letters

        section .bss

input_len       resb 1              ; the typed move so far
input_buf       resb INPUT_BYTES + 1
letter_pending  resb 1              ; 'f', 'h' or 'a' waits: a file letter, or its
letter_tick     resd 1              ; command (delayed_keys)?

        section .text

; hand_allowed -- may the player move a piece now?
; IN:  [engine_status], [chess_flag], [engine_side], [players]
; OUT: CF clear if yes; CF set if the game is over or the computer is to move (then
;      SI -> the reason, for a typed move)
; CHG: AL, SI
hand_allowed:
        call game_side_player
        mov si, msg_over
        jc .no
        cmp al, PLAYER_HUMAN
        mov si, msg_not_now
        jne .no
        clc
        ret
.no:    stc
        ret

; hand_select -- Enter, Space or a click on a square: take up the piece there if it
;                has a legal move; or put the piece in hand down there if that is a
;                legal move (a promotion first asks for its piece); put it back when it
;                is its own square.  Anything else changes nothing.  (Liberman 1997
;                part 3: ENTER or the bar takes and puts, only where a legal move
;                starts or ends, and "changing the light" shows it was understood)
; IN:  BL = the square
; OUT: the hand, the board, the screen as the action leaves them
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
hand_select:
        call hand_allowed
        jc .done
        cmp byte [promo_from], NO_SQUARE
        jne .done
        mov dl, [picked_square]
        cmp dl, NO_SQUARE
        jne .drop
        mov dl, bl                  ; take up: some legal move must start here
        mov dh, NO_SQUARE
        call engine_find_move
        jc .done
        mov [picked_square], bl
        jmp .draw
.drop:  cmp bl, dl
        jne .move
        mov byte [picked_square], NO_SQUARE ; put back
        jmp .draw
.move:  mov dh, bl
        mov cl, PROMO_ANY
        call engine_find_move
        jc .done
        test ah, PROMO_FLAG
        jnz .promotion
        jmp game_play
.promotion:
        mov [promo_from], dl
        mov [promo_to], dh
        call hand_promote_question
        mov [message], si
.draw:  call screen_refresh
.done:  ret

; hand_promote_question -- the question a promotion asks: its pieces on the board in play
; IN:  [engine_variant]
; OUT: SI -> the message
; CHG: nothing else
hand_promote_question:
        mov si, msg_promote
        cmp byte [engine_variant], VARIANT_LOS_ALAMOS
        jne .done
        mov si, msg_promote_la
.done:  ret

; hand_promote -- the piece for the promotion asked: Q, R, B or N
; IN:  AL = the letter, lower case; [promo_from], [promo_to]
; OUT: the promotion played; a piece the board in play does not promote to asks the
;      question (again); another letter is ignored
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
hand_promote:
        mov cl, QUEEN
        cmp al, 'q'
        je .find
        mov cl, ROOK
        cmp al, 'r'
        je .find
        mov cl, BISHOP
        cmp al, 'b'
        je .find
        mov cl, KNIGHT
        cmp al, 'n'
        jne .done
.find:  mov dl, [promo_from]
        mov dh, [promo_to]
        call engine_find_move
        jc .ask
        jmp game_play
.ask:   mov [picked_square], dl     ; a piece this board has not (a bishop in Los
        call hand_promote_question  ; Alamos chess): the question again
        mov [message], si
        jmp screen_refresh
.done:  ret

; hand_typed_move -- Enter after a typed move (e2e4, e7e8q): play it if it is legal;
;                    a promotion without its letter asks for the piece
; IN:  input_buf, [input_len]
; OUT: the move played, or a message; the typing cleared
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
hand_typed_move:
        movzx bx, byte [input_len]
        mov byte [input_len], 0
        mov si, msg_illegal
        cmp bl, INPUT_BYTES - 1     ; at least from and to
        jb .say
        call hand_allowed
        jc .say
        mov byte [picked_square], NO_SQUARE
        mov si, input_buf
        call text_read_square
        mov dl, al
        call text_read_square
        mov dh, al
        mov cl, PROMO_ANY
        call engine_find_move
        mov si, msg_illegal
        jc .say
        test ah, PROMO_FLAG
        jz .plain
        cmp bl, INPUT_BYTES
        jb .ask
        mov al, [input_buf + INPUT_BYTES - 1]
        mov [promo_from], dl
        mov [promo_to], dh
        jmp hand_promote
.ask:   mov [promo_from], dl
        mov [promo_to], dh
        mov [picked_square], dl     ; lit while the piece is asked for
        call hand_promote_question
        jmp .say
.plain: cmp bl, INPUT_BYTES         ; a promotion's letter on a move that is none
        jb .play
        mov si, msg_illegal
        jmp .say
.play:  jmp game_play
.say:   mov [message], si
        jmp screen_refresh

; hand_type_char -- a character of a typed move, if it fits where it comes: a file
;                   letter, a rank digit, a file letter, a rank digit, a promotion piece
; IN:  AL = the character, lower case; [input_len]
; OUT: input_buf, [input_len]; the panel redrawn
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
hand_type_char:
        movzx bx, byte [input_len]
        cmp bx, INPUT_BYTES
        jae .done
        cmp bx, INPUT_BYTES - 1
        je .piece
        test bl, 1
        jnz .rank
        cmp al, 'a'
        jb .done
        cmp al, 'h'
        ja .done
        jmp .take
.rank:  cmp al, '1'
        jb .done
        cmp al, '8'
        ja .done
        jmp .take
.piece: mov si, promo_letters
        mov cx, PROMO_LETTERS
.letter:
        cmp al, [si]
        je .take
        inc si
        loop .letter
        jmp .done
.take:  mov [input_buf + bx], al
        inc byte [input_len]
        call screen_panel
.done:  ret

; ---------------------------------------------------------------------------------------
; Keys and clicks.

; hand_key -- act on a key
; IN:  DX = the key (DH scan code, DL ASCII or 0)
; OUT: whatever the key does; a key that means nothing now is ignored
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
hand_key:
        cmp byte [setup_active], 0
        jne setup_key
        mov word [message], 0
        call hint_clear
        test dl, dl
        jnz .ascii
        cmp dh, SCAN_ALT_X
        je game_quit
        jmp hand_arrow
.ascii: mov al, dl
        cmp al, 'A'                 ; letters in lower case
        jb .case
        cmp al, 'Z'
        ja .case
        or al, CASE_BIT
.case:  cmp byte [letter_pending], 0
        je .promotion
        xor ah, ah                  ; the letter typed before decides now
        xchg ah, [letter_pending]
        cmp al, '1'
        jb .flip
        cmp al, '8'
        jbe hand_type_char          ; a rank digit: it was the file f
.flip:  mov byte [input_len], 0
        cmp al, KEY_ESC
        je .cancel
        cmp al, KEY_BACKSPACE
        je .cancel
        push ax
        call hand_run_delayed
        pop ax
        cmp al, KEY_ENTER
        je .done
.promotion:
        cmp byte [promo_from], NO_SQUARE
        je .hand
        cmp al, KEY_ESC
        jne hand_promote
.cancel:
        mov byte [promo_from], NO_SQUARE
        mov byte [picked_square], NO_SQUARE
        mov byte [input_len], 0
        jmp screen_refresh
.hand:  cmp al, KEY_ESC
        je .cancel
        cmp al, KEY_BACKSPACE
        jne .enter
        cmp byte [input_len], 0
        je .done
        dec byte [input_len]
        jmp screen_panel
.enter: cmp al, KEY_ENTER
        jne .space
        cmp byte [input_len], 0
        jne hand_typed_move
.select:
        mov bl, [cursor_square]
        jmp hand_select
.space: cmp al, KEY_SPACE
        je .select
        cmp byte [input_len], 0
        jne hand_type_char
        mov si, delayed_keys        ; a command, or the file of a typed move?
        call hand_find_key
        jc .command
        mov [letter_pending], al
        push ax
        call timer_ticks
        mov [letter_tick], eax
        pop ax
        jmp hand_type_char
.command:
        mov si, command_keys
        call hand_find_key
        jc .file
        jmp [si + 1]
.file:  cmp al, 'a'                 ; a typed move begins
        jb .done
        cmp al, 'h'
        jbe hand_type_char
.done:  ret

; command_keys -- the letters that command the game when no move is being typed: a
; letter, then its routine (each: IN nothing; CHG any general register).
command_keys:
        db 'q'
        dw game_quit
        db 'n'
        dw game_new
        db 't'
        dw game_take_back
        db 'l'
        dw game_level
        db 'm'
        dw game_next_players
        db 's'
        dw file_save
        db 'v'
        dw game_variant
        db 'w'
        dw savegame_write
        db 'k'
        dw chessclock_next
        db 'p'
        dw setup_enter
        db 'o'
        dw game_book
        db 'i'
        dw think_toggle
        db 'z'
        dw sound_toggle
        db 0
COMMAND_ENTRY   equ 3

; hand_find_key -- a letter's row in command_keys or delayed_keys
; IN:  AL = the letter; SI -> the table
; OUT: CF clear: SI -> its row; CF set: not there
; CHG: nothing else
hand_find_key:
        cmp byte [si], 0
        je .none
        cmp al, [si]
        je .found
        add si, COMMAND_ENTRY
        jmp hand_find_key
.found: clc
        ret
.none:  stc
        ret

; hand_run_delayed -- run the command of a letter that waited (delayed_keys)
; IN:  AH = the letter
; OUT: as its command
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
hand_run_delayed:
        mov al, ah
        mov si, delayed_keys
        call hand_find_key
        jc .done
        jmp [si + 1]
.done:  ret

; hand_click -- a click of the left mouse button: on a square, the cursor goes there
;               and the square is selected as with Enter
; IN:  BL = the square, NO_SQUARE off the board
; OUT: as hand_select
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
hand_click:
        cmp byte [setup_active], 0
        jne setup_click
        cmp bl, NO_SQUARE
        je .done
        mov word [message], 0
        call hint_clear
        cmp byte [letter_pending], 0
        je .move
        push bx
        xor ah, ah
        xchg ah, [letter_pending]
        mov byte [input_len], 0
        call hand_run_delayed
        pop bx
.move:  push bx
        call hand_cursor_to
        pop bx
        jmp hand_select
.done:  ret

; hand_release -- the left button let go: over a square other than that of the piece
;                 in hand, put the piece down there as a click would (a drag from
;                 square to square plays the move)
; IN:  BL = the square, NO_SQUARE off the board
; OUT: as hand_click
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
hand_release:
        mov al, [picked_square]
        cmp al, NO_SQUARE
        je .done
        cmp al, bl
        jne hand_click
.done:  ret

; hand_arrow -- an arrow key moves the cursor one square on the screen (up is up even
;               when the board is reversed); other extended keys are ignored
;               (Liberman 1997 part 3: the coordinates indicator, left to the reader)
; IN:  DH = the scan code
; OUT: the cursor moved, unless at the edge
; CHG: AX, BX, CX
hand_arrow:
        mov bl, [cursor_square]
        mov al, bl
        and al, FILE_MASK           ; AL = file, AH = row
        mov ah, bl
        shr ah, ROW_SHIFT
        cmp byte [flipped], 0       ; work in screen columns and rows
        je .key
        xor ax, FILE_MASK << 8 | FILE_MASK
.key:   cmp dh, SCAN_UP
        jne .down
        sub ah, 1
        jmp .check
.down:  cmp dh, SCAN_DOWN
        jne .left
        inc ah
        jmp .check
.left:  cmp dh, SCAN_LEFT
        jne .right
        sub al, 1
        jmp .check
.right: cmp dh, SCAN_RIGHT
        jne .done
        inc al
.check: cmp al, FILE_MASK           ; off the edge (a -1 is 0FFh)
        ja .done
        cmp ah, FILE_MASK
        ja .done
        cmp byte [flipped], 0
        je .place
        xor ax, FILE_MASK << 8 | FILE_MASK
.place: shl ah, ROW_SHIFT
        or al, ah
        mov bl, al
        call engine_in_play          ; the edge of the 6x6 board
        jc .done
        jmp hand_cursor_to
.done:  ret

; hand_cursor_to -- move the cursor frame to a square, redrawing what changes
; IN:  BL = the square
; OUT: [cursor_square]; the two squares and the coordinates drawn
; CHG: nothing
hand_cursor_to:
        call mouse_hide
        push bx
        xchg bl, [cursor_square]
        call draw_square            ; the old square without the frame
        pop bx
        call draw_square
        call draw_coordinates
        jmp mouse_show

; hand_flip_timeout -- an 'f' ('h', 'a') with nothing after it for FLIP_WAIT_TICKS is
;                     the flip key (the hint's, the analysis's)
; IN:  [letter_pending], [letter_tick]
; OUT: the letter's command run when the wait is over
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
hand_flip_timeout:
        cmp byte [letter_pending], 0
        je .done
        call timer_ticks
        sub eax, [letter_tick]
        cmp eax, FLIP_WAIT_TICKS
        jb .done
        xor ah, ah
        xchg ah, [letter_pending]
        mov byte [input_len], 0
        jmp hand_run_delayed
.done:  ret

