; game.asm -- the interactive game: the command line (/fen, /load, /log), the main loop,
; the player's keys and clicks, the computer's turn, the game record with its take-back,
; the end of the game (mate, stalemate, the draws), saving, and the game log.
; (Liberman 1997 part 3: the program finds every legal move in advance; a piece is
; taken only if some move starts on its square, put down only where one ends --
; otherwise "the program stays without any sign of excitement".)

        section .data

start_fen_text  db "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0
switch_fen      db "/fen", 0
switch_load     db "/load", 0
switch_log      db "/log", 0
save_name       db "CHESS.SAV", 0
log_name        db "GAME.LOG", 0

; player_modes -- who plays each colour, in the order M steps through them: a pair a
; mode, [black, white] as indexed by colour >> COLOUR_SHIFT.
player_modes:
        db PLAYER_COMPUTER, PLAYER_HUMAN    ; you play white
        db PLAYER_HUMAN, PLAYER_HUMAN       ; two players
        db PLAYER_HUMAN, PLAYER_COMPUTER    ; you play black
        db PLAYER_COMPUTER, PLAYER_COMPUTER ; the computer against itself
player_modes_end:
PLAYER_MODES    equ (player_modes_end - player_modes) / 2
MODE_YOU_WHITE  equ 0
MODE_TWO_HUMANS equ 1
MODE_YOU_BLACK  equ 2

players_mode    db MODE_YOU_WHITE   ; index into player_modes
players         db PLAYER_COMPUTER, PLAYER_HUMAN
level           db LEVEL_DEFAULT
promo_from      db NO_SQUARE        ; a promotion waits for its piece: from, to
promo_to        db NO_SQUARE

; The words of the panel and the log, indexed by STATUS_*.
status_texts:   dw text_none, text_check, text_mate, text_stalemate, text_fifty
                dw text_threefold, text_material, text_too_long
status_words:   dw word_playing, word_check, word_checkmate, word_stalemate
                dw word_fifty, word_threefold, word_material, word_too_long
%if ($ - status_texts) != 2 * 2 * STATUS_KINDS
%error "one panel text and one log word for each STATUS_*"
%endif
text_none       db 0
text_check      db "Check!", 0
text_mate       db "Checkmate", 0
text_stalemate  db "Stalemate", 0
text_fifty      db "Draw: 50 moves", 0
text_threefold  db "Draw: repetition", 0
text_material   db "Draw: material", 0
text_too_long   db "Draw: too long", 0
word_playing    db "playing", 0
word_check      db "check", 0
word_checkmate  db "checkmate", 0
word_stalemate  db "stalemate", 0
word_fifty      db "fifty-move", 0
word_threefold  db "threefold", 0
word_material   db "insufficient-material", 0
word_too_long   db "too-long", 0

msg_bad_fen     db "Bad FEN: ", 0
msg_start_pos   db "Start position", 0
msg_no_file     db "Cannot read", 0
msg_bad_switch  db "Unknown option", 0
msg_saved       db "Saved CHESS.SAV", 0
msg_not_saved   db "Cannot save", 0
msg_promote     db "Promote to: Q R B N", 0
msg_illegal     db "Illegal move", 0
msg_not_now     db "Not your move now", 0
msg_over        db "The game is over", 0

log_fen         db "fen ", 0
log_status      db "status ", 0
log_moves       db "moves", 0
log_san         db "san", 0
log_flip        db "flip ", 0
log_level       db "level ", 0
log_players     db "players ", 0
log_message     db "message ", 0
log_end         db "end", 0
player_letters  db "hc"
promo_letters   db "qrbn"           ; the pieces a typed move may promote to
PROMO_LETTERS   equ 4             ; PLAYER_HUMAN, PLAYER_COMPUTER in the log

        section .bss

game_fen        resb FEN_BYTES      ; the FEN the game started from, kept whole
fen_work        resb FEN_BYTES      ; the copy fen_parse cuts up
game_plies      resw 1              ; moves played since game_fen
start_black     resb 1              ; 1: the game began with black to move
start_fullmove  resw 1              ; the move number it began with
game_moves      resd MAX_GAME_PLIES ; the game record: each ply's move record
game_keys       resd MAX_GAME_PLIES + 1 ; position key after each ply ([0]: the start)
game_sans       resb MAX_GAME_PLIES * SAN_BYTES ; each ply in SAN
game_status     resb 1              ; STATUS_*
in_check        resb 1              ; the side to move is in check
legal_count     resw 1              ; legal moves of the side to move, at ES:0
log_enabled     resb 1              ; /log: write GAME.LOG at each change
quit_requested  resb 1
thinking        resb 1              ; the computer is searching (the panel says so)
computer_tick   resd 1              ; BIOS tick of the computer's last move
pending_command resw 1              ; a command key typed while the computer thought
input_len       resb 1              ; the typed move so far
input_buf       resb INPUT_BYTES + 1
flip_pending    resb 1              ; an 'f' waits: a file letter, or the flip key?
flip_tick       resd 1
message         resw 1              ; -> the panel's message, or 0
message_buf     resb MESSAGE_BYTES

        section .text

; game_run -- play the interactive game until the player quits; then text mode and
;             back to DOS with exit code 0
; IN:  the command tail in the PSP: [/log] [/load FILE] [/fen FEN]; ES = the move stack
; OUT: does not return
game_run:
        cld
        call game_options
        call video_init
        call mouse_init
        call game_setup
        cmp byte [side], WHITE      ; you start with the side to move
        je .draw
        mov byte [players_mode], MODE_YOU_BLACK
        call game_set_players
.draw:
        call mouse_hide
        call draw_help
        call mouse_show
        call screen_refresh
.loop:  cmp byte [quit_requested], 0
        jne .quit
        call game_computer_turn
        jc .loop
        call game_flip_timeout
        mov dx, [pending_command]
        test dx, dx
        jz .poll
        mov word [pending_command], 0
        call game_key
        jmp .loop
.poll:  call input_poll
        cmp al, INPUT_KEY
        jne .click
        call game_key
        jmp .loop
.click: cmp al, INPUT_CLICK
        jne .idle
        call game_click
        jmp .loop
.idle:  hlt                         ; until the next interrupt (timer, key, mouse)
        jmp .loop
.quit:  call mouse_hide
        call video_restore
        mov al, EXIT_OK
        jmp dos_exit

; ---------------------------------------------------------------------------------------
; The command line.

; game_options -- read the switches of the command tail; game_fen = the start position
;                 or the one asked for
; IN:  the PSP command tail
; OUT: game_fen, [log_enabled], [message] if something could not be used
; CHG: AX, BX, CX, DX, SI, DI
game_options:
        mov si, start_fen_text
        call game_set_fen
        movzx bx, byte [PSP_TAIL_LEN]
        mov byte [PSP_TAIL + bx], 0
        mov si, PSP_TAIL
.next:  call text_skip_space
        cmp byte [si], 0
        je .done
        mov bx, switch_log
        call game_match_switch
        jc .not_log
        mov byte [log_enabled], 1
        jmp .next
.not_log:
        mov bx, switch_load
        call game_match_switch
        jc .not_load
        call text_skip_space
        mov dx, si                  ; the file name: up to white space
.name:  lodsb
        call text_end_of_word
        jne .name
        mov byte [si - 1], 0
        push ax
        call game_load_file
        pop ax
        test al, al
        jnz .next
        dec si                      ; the name ended the tail: stay on its 0
        jmp .next
.not_load:
        mov bx, switch_fen
        call game_match_switch
        jc .unknown
        call text_skip_space        ; the rest of the line is the FEN
        jmp game_set_fen
.unknown:
        mov word [message], msg_bad_switch
.done:  ret

; game_match_switch -- does the text start with a switch, in any case, followed by
;                      white space or the end?
; IN:  SI -> the text; BX -> the switch, lower case, 0-terminated
; OUT: CF clear and SI past it if it does; CF set and SI unchanged if not
; CHG: AL
game_match_switch:
        push bx
        push si
.char:  mov al, [bx]
        test al, al
        jz .end
        mov al, [si]
        or al, CASE_BIT             ; '/' already has the bit
        cmp al, [bx]
        jne .no
        inc bx
        inc si
        jmp .char
.end:   mov al, [si]
        call text_end_of_word
        jne .no
        add sp, 2                   ; keep the advanced SI
        pop bx
        clc
        ret
.no:    pop si
        pop bx
        stc
        ret

; game_set_fen -- keep a FEN as the game's starting text
; IN:  SI -> the text, ended by 0 (a longer text is cut at FEN_BYTES - 1)
; OUT: game_fen
; CHG: AL, CX, SI, DI
game_set_fen:
        mov di, game_fen
        mov cx, FEN_BYTES - 1
.copy:  lodsb
        test al, al
        jz .end
        mov [di], al
        inc di
        loop .copy
.end:   mov byte [di], 0
        ret

; game_load_file -- take the first line of a file as the starting FEN (CHESS.SAV holds
;                   the FEN on its first line and the moves after it)
; IN:  DX -> the file name, 0-terminated
; OUT: game_fen = that line; or [message] = "Cannot read FILE" and game_fen unchanged
; CHG: AX, BX, CX, DI
game_load_file:
        push si
        mov ax, (DOS_OPEN << 8) | OPEN_READ
        int DOS
        jc .fail
        mov bx, ax
        mov ah, DOS_READ
        mov cx, FEN_BYTES - 1
        push dx
        mov dx, fen_work
        int DOS
        pop dx
        pushf
        push ax
        mov ah, DOS_CLOSE
        int DOS
        pop cx
        popf
        jc .fail
        mov si, fen_work            ; cut at the line end
        mov di, si
        add di, cx
        mov byte [di], 0
.scan:  lodsb
        cmp al, CR
        je .cut
        cmp al, LF
        je .cut
        cmp al, CTRL_Z
        je .cut
        test al, al
        jnz .scan
.cut:   mov byte [si - 1], 0
        mov si, fen_work
        call game_set_fen
        pop si
        ret
.fail:  mov si, msg_no_file
        mov di, message_buf
        call message_add
        call message_new_line
        mov si, dx
        call message_add
        pop si
        ret

; game_append -- copy a 0-terminated text to the end of a buffer (a panel line)
; IN:  SI -> the text; DI -> where it goes
; OUT: DI -> the 0 stored after it
; CHG: AL, SI
game_append:
        lodsb
        mov [di], al
        test al, al
        jz .done
        inc di
        jmp game_append
.done:  ret

; message_add -- add text to the message being put together in message_buf, as much of
;                it as fits
; IN:  SI -> the text, 0-terminated; DI -> the end of the message so far
; OUT: DI -> the 0 stored after it; [message] -> message_buf
; CHG: AL, SI
message_add:
        mov word [message], message_buf
.char:  cmp di, message_buf + MESSAGE_BYTES - 1
        jae .end
        lodsb
        test al, al
        jz .end
        mov [di], al
        inc di
        jmp .char
.end:   mov byte [di], 0
        ret

; message_new_line -- go on with the message on the panel's next line: blanks to the end
;                     of this one (none at the start of a line)
; IN:  DI -> the end of the message so far in message_buf
; OUT: DI -> the 0 stored after the blanks
; CHG: AX
message_new_line:
        push cx
        push dx
        mov ax, di
        sub ax, message_buf
        xor dx, dx
        mov cx, PANEL_COLS
        div cx
        test dx, dx
        jz .done
        sub cx, dx                  ; the blanks left on this line
.blank: cmp di, message_buf + MESSAGE_BYTES - 1
        jae .done
        mov byte [di], SPACE
        inc di
        loop .blank
.done:  mov byte [di], 0
        pop dx
        pop cx
        ret

; ---------------------------------------------------------------------------------------
; The position and the record.

; game_setup -- set up game_fen, or the start position when it is malformed (with the
;               FEN parser's error code on the panel); an empty record
; IN:  game_fen
; OUT: the position; the record empty; the display state reset; [game_status]
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
game_setup:
        call game_parse_fen
        jnc .good
        mov di, message_buf         ; "Bad FEN: ranks" / "Start position"
        push si
        mov si, msg_bad_fen
        call message_add
        pop si
        mov si, [si + error_entry.code]
        call message_add
        call message_new_line
        mov si, msg_start_pos
        call message_add
        mov si, start_fen_text
        call game_set_fen
        call game_parse_fen
.good:  mov al, [side]
        xor al, WHITE
        shr al, COLOUR_SHIFT        ; 1 when black moves first
        mov [start_black], al
        mov ax, [fullmove]
        mov [start_fullmove], ax
        mov word [game_plies], 0
        mov byte [last_from], NO_SQUARE
        mov byte [last_to], NO_SQUARE
        jmp game_reset_hand

; game_parse_fen -- set up the position of game_fen (parsing a copy: the parser cuts
;                   its text up)
; IN:  game_fen
; OUT: as fen_parse: CF clear and the position set; CF set, SI -> the error_entry
; CHG: EAX, BX, CX, DX, SI, DI
game_parse_fen:
        mov si, game_fen
        mov di, fen_work
        mov cx, FEN_BYTES
.copy:  lodsb
        mov [di], al
        inc di
        loop .copy
        mov si, fen_work
        jmp fen_parse

; game_reset_hand -- nothing in hand: no piece taken up, no promotion asked, nothing
;                    typed; then settle the position
; IN:  the position
; OUT: as game_settle
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
game_reset_hand:
        mov byte [picked_square], NO_SQUARE
        mov byte [promo_from], NO_SQUARE
        mov byte [input_len], 0
        mov byte [flip_pending], 0
        ; fall through

; game_settle -- find the legal moves of the new position and what it means for the
;                game: check, mate, stalemate, the draws (in the oracle's order: mate
;                and stalemate, then material, repetition, the 50-move rule)
; IN:  the position; [game_plies], game_keys up to the previous ply
; OUT: ES:0 = the legal moves, [legal_count]; [in_check]; game_keys[plies] = this
;      position's key; [game_status]
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
game_settle:
        xor di, di
        call gen_moves
        mov [legal_count], cx
        cmp byte [checkers], 0
        setne byte [in_check]
        call game_position_key
        movzx ebx, word [game_plies]
        mov [game_keys + ebx * 4], eax
        mov dl, STATUS_MATE
        cmp word [legal_count], 0
        jne .material
        cmp byte [in_check], 0
        jne .set
        mov dl, STATUS_STALEMATE
        jmp .set
.material:
        push eax
        call game_insufficient
        pop eax
        mov dl, STATUS_MATERIAL
        jc .set
        mov dl, STATUS_THREEFOLD    ; the same position twice before
        xor cx, cx
        xor esi, esi
.earlier:
        cmp si, bx
        jae .counted
        cmp eax, [game_keys + esi * 4]
        jne .next_key
        inc cx
.next_key:
        inc si
        jmp .earlier
.counted:
        cmp cx, 2
        jae .set
        mov dl, STATUS_FIFTY
        cmp word [halfmove], FIFTY_MOVE_PLIES
        jae .set
        mov dl, STATUS_TOO_LONG
        cmp bx, MAX_GAME_PLIES
        jae .set
        mov dl, STATUS_CHECK
        cmp byte [in_check], 0
        jne .set
        mov dl, STATUS_PLAYING
.set:   mov [game_status], dl
        ret

; game_position_key -- a 32-bit key of what makes a position the same for repetition:
;                      the board, the side, the castling rights, and the en-passant
;                      square only when an en-passant capture is legal (FNV-1a)
; IN:  the position; ES:0 = its legal moves, [legal_count]
; OUT: EAX = the key
; CHG: CX, SI
FNV_OFFSET      equ 2166136261
FNV_PRIME       equ 16777619
game_position_key:
        push edx
        mov eax, FNV_OFFSET
        xor si, si
.square:
        xor al, [carreau + si]
        imul eax, eax, FNV_PRIME
        inc si
        cmp si, BOARD_SQUARES
        jb .square
        xor al, [side]
        imul eax, eax, FNV_PRIME
        xor al, [castle]
        imul eax, eax, FNV_PRIME
        mov dl, NO_SQUARE           ; DL = the en-passant square if it can be used
        mov cx, [legal_count]
        xor si, si
        jcxz .ep
.move:  mov dh, [es:si + move.from]
        and dh, KIND_MASK
        cmp dh, KIND_EP
        jne .next
        mov dl, [ep_square]
.next:  add si, MOVE_SIZE
        loop .move
.ep:    xor al, dl
        imul eax, eax, FNV_PRIME
        pop edx
        ret

; game_insufficient -- can neither side ever mate? Kings alone, one knight or bishop,
;                      or bishops only, all on squares of one colour
; IN:  carreau
; OUT: CF set if mate is impossible
; CHG: AX, CX, DX, SI
game_insufficient:
        xor cx, cx                  ; CL = knights and bishops, CH = knights
        xor dl, dl                  ; DL bit 0 / 1: a bishop on a grey / green square
        xor si, si
.square:
        mov al, [carreau + si]
        cmp al, EMPTY
        je .next
        and al, PIECE_MASK
        cmp al, KING
        je .next
        inc cl
        cmp al, KNIGHT
        je .knight
        cmp al, BISHOP
        jne .enough                 ; a pawn, rook or queen can mate
        mov ax, si                  ; its square's colour: file + row, odd or even
        mov ah, al
        shr ah, ROW_SHIFT
        add al, ah
        and al, 1
        inc al                      ; 1 or 2
        or dl, al
        jmp .next
.knight:
        inc ch
.next:  inc si
        cmp si, BOARD_SQUARES
        jb .square
        cmp cl, 1
        jbe .none
        test ch, ch
        jnz .enough
        cmp dl, 3                   ; bishops on both colours
        je .enough
.none:  stc
        ret
.enough:
        clc
        ret

; game_play -- make a legal move in the game: its SAN in the record, the move on the
;              board, the new position settled, lit, drawn and logged
; IN:  EAX = a move record legal in the position (ES:0 = the legal moves)
; OUT: the move made (nothing when the record is full)
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
game_play:
        movzx ebx, word [game_plies]
        cmp bx, MAX_GAME_PLIES
        jae .done
        mov [game_moves + ebx * 4], eax
        imul di, bx, SAN_BYTES
        add di, game_sans
        call notation_san
        push di                     ; where the check sign goes
        call move_make
        mov byte [ply], 0           ; the game's position is the search's root
        inc word [game_plies]
        call game_light_last
        call game_reset_hand
        pop di
        mov al, '#'
        cmp byte [game_status], STATUS_MATE
        je .sign
        mov al, '+'
        cmp byte [in_check], 0
        je .show
.sign:  mov [di], al
        mov byte [di + 1], 0
.show:  call screen_refresh
.done:  ret

; game_light_last -- light the squares of the last move of the record
; IN:  game_moves, [game_plies]
; OUT: [last_from], [last_to] (NO_SQUARE when the record is empty)
; CHG: EAX, BX
game_light_last:
        mov eax, NO_SQUARE << 16 | NO_SQUARE
        movzx ebx, word [game_plies]
        test bx, bx
        jz .set
        mov eax, [game_moves + ebx * 4 - MOVE_SIZE]
        and al, SQUARE_MASK
.set:   mov [last_from], al
        shr eax, 16
        mov [last_to], al
        ret

; game_take_back -- take back the last move; against the computer, back to the
;                   human's turn (the last pair); the computer against itself stops
;                   (two humans from here)
; IN:  the record
; OUT: the position replayed from game_fen without those moves
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
game_take_back:
        mov bx, [game_plies]
        test bx, bx
        jz .done
        mov al, [players]
        and al, [players + 1]
        jz .one                     ; someone is human
        mov byte [players_mode], MODE_TWO_HUMANS
        call game_set_players
.one:   dec bx
        jz .replay
        call game_mover             ; who is to move after taking back one?
        cmp byte [players + si], PLAYER_COMPUTER
        jne .replay
        dec bx                      ; the computer: take its move back too
.replay:
        mov [game_plies], bx
        call game_replay
.done:  ret

; game_mover -- the colour that made a ply of the record
; IN:  BX = the ply (0 = the first of the record)
; OUT: SI = its colour >> COLOUR_SHIFT (0 black, 1 white)
; CHG: nothing else
game_mover:
        movzx si, byte [start_black]
        add si, bx
        and si, 1                   ; white makes the even plies counted from white
        xor si, 1
        ret

; game_replay -- set up game_fen again and replay the record's moves (the engine keeps
;                take-back data for MAX_PLY plies only; the game can be longer)
; IN:  game_fen, game_moves, [game_plies]
; OUT: the position; lit, settled, drawn, logged
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
game_replay:
        call game_parse_fen
        xor edi, edi
.move:  cmp di, [game_plies]
        jae .done
        mov eax, [game_moves + edi * 4]
        call move_make
        mov byte [ply], 0
        inc di
        jmp .move
.done:  call game_light_last
        call game_reset_hand
        jmp screen_refresh

; ---------------------------------------------------------------------------------------
; The player's hand: taking a piece up and putting it down.

; game_human_turn -- may the player move a piece now?
; IN:  [game_status], [side], [players]
; OUT: CF clear if yes; CF set if the game is over or the computer is to move (then
;      SI -> the reason, for a typed move)
; CHG: SI
game_human_turn:
        mov si, msg_over
        cmp byte [game_status], STATUS_OVER
        jae .no
        movzx si, byte [side]
        shr si, COLOUR_SHIFT
        cmp byte [players + si], PLAYER_HUMAN
        mov si, msg_not_now
        jne .no
        clc
        ret
.no:    stc
        ret

; game_select -- Enter, Space or a click on a square: take up the piece there if it
;                has a legal move; or put the piece in hand down there if that is a
;                legal move (a promotion first asks for its piece); put it back when it
;                is its own square.  Anything else changes nothing.
; IN:  BL = the square
; OUT: the hand, the board, the screen as the action leaves them
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
game_select:
        call game_human_turn
        jc .done
        cmp byte [promo_from], NO_SQUARE
        jne .done
        mov dl, [picked_square]
        cmp dl, NO_SQUARE
        jne .drop
        mov dl, bl                  ; take up: some legal move must start here
        mov dh, NO_SQUARE
        call legal_find
        jc .done
        mov [picked_square], bl
        jmp .draw
.drop:  cmp bl, dl
        jne .move
        mov byte [picked_square], NO_SQUARE ; put back
        jmp .draw
.move:  mov dh, bl
        mov cl, PROMO_ANY
        call legal_find
        jc .done
        test ah, PROMO_FLAG
        jnz .promotion
        jmp game_play
.promotion:
        mov [promo_from], dl
        mov [promo_to], dh
        mov word [message], msg_promote
.draw:  call screen_refresh
.done:  ret

; game_promote -- the piece for the promotion asked: Q, R, B or N
; IN:  AL = the letter, lower case; [promo_from], [promo_to]
; OUT: the promotion played; another letter is ignored
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
game_promote:
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
        call legal_find
        jc .done
        jmp game_play
.done:  ret

; legal_find -- look for a legal move in the list (Liberman: "the program goes into its
;               chain of moves and sees if some move starts this way")
; IN:  DL = from square; DH = to square, or NO_SQUARE for any; CL = the promotion piece
;      wanted (R N B Q code) or PROMO_ANY (only when DH is a square); ES:0 = the legal
;      moves, [legal_count]
; OUT: CF clear, EAX = the first such move; CF set if there is none
; CHG: nothing else
PROMO_ANY       equ 0FFh
legal_find:
        push bx
        push si
        push cx
        mov bl, cl
        mov cx, [legal_count]
        xor si, si
        jcxz .none
.move:  mov eax, [es:si]
        add si, MOVE_SIZE
        mov bh, al
        and bh, SQUARE_MASK
        cmp bh, dl
        jne .next
        cmp dh, NO_SQUARE
        je .found
        ror eax, 16
        cmp al, dh
        rol eax, 16
        jne .next
        cmp bl, PROMO_ANY
        je .found
        test ah, PROMO_FLAG
        jz .next
        mov bh, ah
        shr bh, PROMO_SHIFT
        and bh, PROMO_CODE_MASK
        cmp bh, bl
        je .found
.next:  loop .move
.none:  pop cx
        pop si
        pop bx
        stc
        ret
.found: pop cx
        pop si
        pop bx
        clc
        ret

; game_typed_move -- Enter after a typed move (e2e4, e7e8q): play it if it is legal;
;                    a promotion without its letter asks for the piece
; IN:  input_buf, [input_len]
; OUT: the move played, or a message; the typing cleared
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
game_typed_move:
        movzx bx, byte [input_len]
        mov byte [input_len], 0
        mov si, msg_illegal
        cmp bl, INPUT_BYTES - 1     ; at least from and to
        jb .say
        call game_human_turn
        jc .say
        mov byte [picked_square], NO_SQUARE
        mov si, input_buf
        call game_typed_square
        mov dl, al
        call game_typed_square
        mov dh, al
        mov cl, PROMO_ANY
        call legal_find
        mov si, msg_illegal
        jc .say
        test ah, PROMO_FLAG
        jz .play
        cmp bl, INPUT_BYTES
        jb .ask
        mov al, [input_buf + INPUT_BYTES - 1]
        mov [promo_from], dl
        mov [promo_to], dh
        jmp game_promote
.ask:   mov [promo_from], dl
        mov [promo_to], dh
        mov si, msg_promote
        jmp .say
.play:  jmp game_play
.say:   mov [message], si
        jmp screen_refresh

; game_typed_square -- a square typed as a file letter and a rank digit
; IN:  SI -> the two characters (already checked: a-h, 1-8)
; OUT: AL = the square; SI advanced by 2
; CHG: AH
game_typed_square:
        lodsw                       ; AL = file letter, AH = rank digit
        sub al, 'a'
        neg ah
        add ah, '8'                 ; row from the top
        shl ah, ROW_SHIFT
        or al, ah
        ret

; game_type_char -- a character of a typed move, if it fits where it comes: a file
;                   letter, a rank digit, a file letter, a rank digit, a promotion piece
; IN:  AL = the character, lower case; [input_len]
; OUT: input_buf, [input_len]; the panel redrawn
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
game_type_char:
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

; game_key -- act on a key
; IN:  DX = the key (DH scan code, DL ASCII or 0)
; OUT: whatever the key does; a key that means nothing now is ignored
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
game_key:
        mov word [message], 0
        test dl, dl
        jnz .ascii
        cmp dh, SCAN_ALT_X
        je game_quit
        jmp game_arrow
.ascii: mov al, dl
        cmp al, 'A'                 ; letters in lower case
        jb .case
        cmp al, 'Z'
        ja .case
        or al, CASE_BIT
.case:  cmp byte [flip_pending], 0
        je .promotion
        mov byte [flip_pending], 0  ; the 'f' typed before decides now
        cmp al, '1'
        jb .flip
        cmp al, '8'
        jbe game_type_char          ; a rank digit: it was the file f
.flip:  mov byte [input_len], 0
        cmp al, KEY_ESC
        je .cancel
        cmp al, KEY_BACKSPACE
        je .cancel
        push ax
        call game_flip
        pop ax
        cmp al, KEY_ENTER
        je .done
.promotion:
        cmp byte [promo_from], NO_SQUARE
        je .hand
        cmp al, KEY_ESC
        jne game_promote
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
        jne game_typed_move
.select:
        mov bl, [cursor_square]
        jmp game_select
.space: cmp al, KEY_SPACE
        je .select
        cmp byte [input_len], 0
        jne game_type_char
        cmp al, 'f'                 ; flip, or the file f of a typed move
        jne .command
        mov byte [flip_pending], 1
        call game_ticks
        mov [flip_tick], eax
        mov al, 'f'
        jmp game_type_char
.command:
        mov si, command_keys
.find:  cmp byte [si], 0
        je .file
        cmp al, [si]
        je .run
        add si, COMMAND_ENTRY
        jmp .find
.run:   jmp [si + 1]
.file:  cmp al, 'a'                 ; a typed move begins
        jb .done
        cmp al, 'h'
        jbe game_type_char
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
        dw game_save
        db 0
COMMAND_ENTRY   equ 3

; game_click -- a click of the left mouse button: on a square, the cursor goes there
;               and the square is selected as with Enter
; IN:  BL = the square, NO_SQUARE off the board
; OUT: as game_select
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
game_click:
        cmp bl, NO_SQUARE
        je .done
        mov word [message], 0
        cmp byte [flip_pending], 0
        je .move
        push bx
        mov byte [flip_pending], 0
        mov byte [input_len], 0
        call game_flip
        pop bx
.move:  push bx
        call game_cursor_to
        pop bx
        jmp game_select
.done:  ret

; game_arrow -- an arrow key moves the cursor one square on the screen (up is up even
;               when the board is reversed); other extended keys are ignored
; IN:  DH = the scan code
; OUT: the cursor moved, unless at the edge
; CHG: AX, BX, CX
game_arrow:
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
        jmp game_cursor_to
.done:  ret

; game_cursor_to -- move the cursor frame to a square, redrawing what changes
; IN:  BL = the square
; OUT: [cursor_square]; the two squares and the coordinates drawn
; CHG: nothing
game_cursor_to:
        call mouse_hide
        push bx
        xchg bl, [cursor_square]
        call draw_square            ; the old square without the frame
        pop bx
        call draw_square
        call draw_coordinates
        jmp mouse_show

; game_flip_timeout -- an 'f' with nothing after it for FLIP_WAIT_TICKS is the flip key
; IN:  [flip_pending], [flip_tick]
; OUT: the board reversed when the wait is over
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
game_flip_timeout:
        cmp byte [flip_pending], 0
        je .done
        call game_ticks
        sub eax, [flip_tick]
        cmp eax, FLIP_WAIT_TICKS
        jb .done
        mov byte [flip_pending], 0
        mov byte [input_len], 0
        jmp game_flip
.done:  ret

; ---------------------------------------------------------------------------------------
; The commands.

; game_flip -- turn the board round: black at the bottom or white (COORNOR / COORREN)
game_flip:
        xor byte [flipped], 1
        jmp screen_refresh

; game_quit -- leave at the next turn of the main loop
game_quit:
        mov byte [quit_requested], 1
        ret

; game_new -- a new game from the start position; players and level stay
game_new:
        mov si, start_fen_text
        call game_set_fen
        call game_setup
        jmp screen_refresh

; game_level -- the next level, after LEVEL_MAX the first again
game_level:
        mov al, [level]
        inc al
        cmp al, LEVEL_MAX
        jbe .set
        mov al, LEVEL_MIN
.set:   mov [level], al
        jmp screen_refresh

; game_next_players -- who plays which colour, the next of player_modes
game_next_players:
        mov al, [players_mode]
        inc al
        cmp al, PLAYER_MODES
        jb .set
        xor al, al
.set:   mov [players_mode], al
        call game_set_players
        mov byte [picked_square], NO_SQUARE
        mov byte [promo_from], NO_SQUARE
        jmp screen_refresh

; game_set_players -- players = the pair of player_modes for [players_mode]
; IN:  [players_mode]
; OUT: [players]
; CHG: AX, BX
game_set_players:
        movzx bx, byte [players_mode]
        shl bx, 1
        mov ax, [player_modes + bx]
        mov [players], ax
        ret

; game_ticks -- the BIOS timer count (18.2 a second)
; IN:  nothing
; OUT: EAX = the ticks since midnight
; CHG: nothing else
game_ticks:
        push ds
        push BIOS_DATA_SEG
        pop ds
        mov eax, [BIOS_TICKS]
        pop ds
        ret

; ---------------------------------------------------------------------------------------
; The computer.

; game_computer_turn -- if the computer is to move (and the game goes on), search and
;                       play its move; keys typed during the search are dropped, but the
;                       last command key among them is kept for the main loop
; IN:  the position; [players], [level]
; OUT: CF set if the computer moved
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
game_computer_turn:
        cmp byte [game_status], STATUS_OVER
        jae .no
        movzx si, byte [side]
        shr si, COLOUR_SHIFT
        cmp byte [players + si], PLAYER_COMPUTER
        jne .no
        call game_ticks             ; a pause between the moves of computer v computer
        sub eax, [computer_tick]
        cmp eax, COMPUTER_PAUSE_TICKS
        jb .no
        mov byte [picked_square], NO_SQUARE
        mov byte [thinking], 1
        call screen_panel
        movzx ecx, byte [level]
        call search_best
        mov byte [thinking], 0
        jc .none
        call game_play
        jmp .keys
.none:  call game_settle            ; no move: mate or stalemate stands on the panel
        call screen_refresh
.keys:  call game_ticks
        mov [computer_tick], eax
        call game_drain_keys
        stc
        ret
.no:    clc
        ret

; game_drain_keys -- read the keys typed while the computer searched: the board keys are
;                    dropped; the last command key (or Alt-X) is kept
; IN:  the BIOS key buffer
; OUT: [pending_command] = that key, or unchanged
; CHG: AX, SI
game_drain_keys:
        mov ah, KEY_PEEK
        int BIOS_KEYBOARD
        jz .done
        mov ah, KEY_READ
        int BIOS_KEYBOARD
        test al, al
        jnz .letter
        cmp ah, SCAN_ALT_X
        jne game_drain_keys
        jmp .keep
.letter:
        push ax
        or al, CASE_BIT
        mov si, command_keys
.find:  cmp byte [si], 0
        je .drop
        cmp al, [si]
        je .found
        add si, COMMAND_ENTRY
        jmp .find
.drop:  pop ax
        jmp game_drain_keys
.found: pop ax
.keep:  mov [pending_command], ax   ; as game_key wants it: high scan code, low ASCII
        jmp game_drain_keys
.done:  ret

; ---------------------------------------------------------------------------------------
; Files: the save file and the game log.

; game_save -- write CHESS.SAV: the position as a FEN on the first line (what
;              `CHESS /load CHESS.SAV` reads), the game's moves in SAN on the second
; IN:  the position, the record
; OUT: the file written; a message says so
; CHG: AX, BX, CX, DX, SI
game_save:
        mov dx, save_name
        call game_create
        mov si, msg_not_saved
        jc .say
        call notation_fen
        call out_crlf
        call game_write_moves
        call out_crlf
        call game_close
        mov si, msg_saved
.say:   mov [message], si
        jmp screen_refresh

; game_write_moves -- the record in SAN with move numbers: "1. e4 e5 2. Nf3", or
;                     "12... Kd7 13. Qe2" when the game began with black to move
; IN:  the record; [out_handle]
; OUT: the moves written, no line end
; CHG: AX, BX, CX, SI
game_write_moves:
        xor bx, bx
.ply:   cmp bx, [game_plies]
        jae .done
        call game_move_number       ; AX = number, CF set for black's move
        jnc .number
        test bx, bx
        jnz .san
.number:
        pushf
        movzx eax, ax
        call out_u32
        mov al, '.'
        call out_char
        popf
        jnc .space
        mov si, text_ellipsis
        call out_string
.space: call out_space
.san:   imul si, bx, SAN_BYTES
        add si, game_sans
        call out_string
        inc bx
        cmp bx, [game_plies]
        je .done
        call out_space
        jmp .ply
.done:  ret

; game_move_number -- the move number of a ply of the record, and whose move it is
; IN:  BX = the ply (0 = the first of the record)
; OUT: AX = the move number; CF set if it is black's move
; CHG: nothing else
game_move_number:
        movzx ax, byte [start_black]
        add ax, bx
        shr ax, 1                   ; CF = the odd plies counted from white: black's
        pushf
        add ax, [start_fullmove]
        popf
        ret

; game_log -- with /log, write GAME.LOG after each change (a channel for the tests):
;             fen, status, the moves in UCI and in SAN, the orientation, the level,
;             the players (h/c, white then black), the message, then "end"
; IN:  the game
; OUT: the file written
; CHG: AX, BX, CX, DX, SI
game_log:
        cmp byte [log_enabled], 0
        je .done
        mov dx, log_name
        call game_create
        jc .done
        mov si, log_fen
        call out_string
        call notation_fen
        call out_crlf
        mov si, log_status
        call out_string
        movzx bx, byte [game_status]
        shl bx, 1
        mov si, [status_words + bx]
        call out_string
        call out_crlf
        mov si, log_moves
        call out_string
        xor bx, bx
.uci:   cmp bx, [game_plies]
        jae .uci_end
        call out_space
        push eax
        mov eax, [game_moves + ebx * 4]
        call move_print_uci
        pop eax
        inc bx
        jmp .uci
.uci_end:
        call out_crlf
        mov si, log_san
        call out_string
        xor bx, bx
.san:   cmp bx, [game_plies]
        jae .san_end
        call out_space
        imul si, bx, SAN_BYTES
        add si, game_sans
        call out_string
        inc bx
        jmp .san
.san_end:
        call out_crlf
        mov si, log_flip
        call out_string
        movzx eax, byte [flipped]
        call out_u32
        call out_crlf
        mov si, log_level
        call out_string
        movzx eax, byte [level]
        call out_u32
        call out_crlf
        mov si, log_players
        call out_string
        movzx bx, byte [players + (WHITE >> COLOUR_SHIFT)]
        mov al, [player_letters + bx]
        call out_char
        movzx bx, byte [players + (BLACK >> COLOUR_SHIFT)]
        mov al, [player_letters + bx]
        call out_char
        call out_crlf
        mov si, log_message
        call out_string
        mov si, [message]
        test si, si
        jz .no_message
        call out_string
.no_message:
        call out_crlf
        mov si, log_end
        call out_string
        call out_crlf
        call game_close
.done:  ret

; game_create -- create (truncate) a file for the result writer
; IN:  DX -> the file name
; OUT: CF clear, [out_handle] = the file; CF set if it cannot be created
; CHG: AX, CX
game_create:
        mov ah, DOS_CREATE
        mov cx, ATTR_NORMAL
        int DOS
        jc .done
        mov [out_handle], ax
.done:  ret

; game_close -- write out what waits and close the file
; IN:  [out_handle]
; OUT: the file closed
; CHG: AX, BX
game_close:
        call out_flush
        mov bx, [out_handle]
        mov ah, DOS_CLOSE
        int DOS
        ret

; ---------------------------------------------------------------------------------------
; The screen.

; screen_refresh -- draw the board and the panel again, and log the change
; IN:  the game
; OUT: the screen up to date; GAME.LOG with /log
; CHG: AX, BX, CX, DX, SI
screen_refresh:
        call mouse_hide
        call draw_board
        call draw_panel
        call mouse_show
        jmp game_log

; screen_panel -- draw the panel again (the board has not changed)
; IN:  the game
; OUT: the panel up to date
; CHG: nothing
screen_panel:
        call mouse_hide
        call draw_panel
        jmp mouse_show
