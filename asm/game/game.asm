; game.asm -- the interactive game: the command line (/fen, /load, /log), the main loop,
; the game record with its take-back, the end of the game (mate, stalemate, the draws),
; the computer's turn and the command keys' actions.  The player's keys and clicks are
; in hand.asm, the files in gamefile.asm, the drawing in draw.asm.
; Its routines are new but for what their headers name (Liberman's texts give the board,
; the cursor and the computer's answer; the record, take-back, draws and commands are new).

        section .data

switch_fen      db "/fen", 0
switch_load     db "/load", 0
switch_log      db "/log", 0
switch_level    db "/level", 0
switch_quiet    db "/quiet", 0
switch_keep     db "/keep", 0

; player_modes -- who plays each colour, in the order M steps through them: a pair a
; mode, [black, white] as indexed by colour >> COLOUR_SHIFT.
player_modes:
        db PLAYER_COMPUTER, PLAYER_HUMAN    ; you play white
        db PLAYER_HUMAN, PLAYER_HUMAN       ; two players
        db PLAYER_HUMAN, PLAYER_COMPUTER    ; you play black
        db PLAYER_COMPUTER, PLAYER_COMPUTER ; the computer against itself
player_modes_end:
PLAYER_MODES    equ (player_modes_end - player_modes) / 2

players_mode    db MODE_YOU_WHITE   ; index into player_modes
level           db LEVEL_DEFAULT
book_enabled    db 1                ; O: the computer plays the opening book's moves

; level_limits -- what each level may think, LEVEL_MIN first (level_entry rows): two
; weak levels by depth for beginners (they also look for a mate in one only), then
; seconds a move of real time on the machine at hand (the PIT clock), whatever its speed.
level_limits:   dw 0, 1
                dw 0, 3
                dw 1000, 0
                dw 3000, 0
                dw 10000, 0
                dw 30000, 0
                dw 60000, 0
%if ($ - level_limits) >> LEVEL_SHIFT != LEVEL_MAX - LEVEL_MIN + 1 || level_entry_size != 1 << LEVEL_SHIFT
%error "one level_entry a level"
%endif

; The words of the panel, indexed by STATUS_* (the log's are engine.asm's status_words).
status_texts:   dw text_none, text_check, text_mate, text_stalemate, text_fifty
                dw text_threefold, text_material, text_too_long
%if ($ - status_texts) != 2 * STATUS_KINDS
%error "one panel text for each STATUS_*"
%endif
text_none       db 0
text_check      db "Check!", 0
text_mate       db "Checkmate", 0
text_stalemate  db "Stalemate", 0
text_fifty      db "Draw: 50 moves", 0
text_threefold  db "Draw: repetition", 0
text_material   db "Draw: material", 0
text_too_long   db "Draw: too long", 0

msg_bad_fen     db "Bad FEN: ", 0
msg_start_pos   db "Start position", 0
msg_bad_switch  db "Bad option", 0  ; an unknown switch, or /level without 1 to 7
msg_fen_long    db "FEN too long", 0
msg_book_on     db "Opening book on", 0
msg_book_off    db "Opening book off", 0
msg_book_move   db "Book move", 0
msg_flag_no_take_back db "Flag: no take-back", 0
msg_nothing_back db "Nothing to take back", 0

        section .bss

players         resb 2              ; the pair of player_modes in play

; The game's fields over sys/dos.asm's mode_work (the batch lays its own there):
game_fen        equ mode_work       ; FEN_BYTES: the FEN the game started from, kept whole
pgn_fen_kept    equ game_fen + FEN_BYTES      ; FEN_BYTES: pgnread.asm's game_fen kept
message_buf     equ pgn_fen_kept + FEN_BYTES  ; MESSAGE_BYTES: the panel's message
panel_text      equ message_buf + MESSAGE_BYTES ; 2 * PANEL_COLS: draw.asm's panel line
think_line      equ panel_text + 2 * PANEL_COLS ; thinking.asm's line, PANEL_COLS + SAN_BYTES + 1
settings_buf    equ think_line + PANEL_COLS + SAN_BYTES + 1 ; settings.asm's, SETTINGS_BYTES + 1
GAME_WORK_BYTES equ 2 * FEN_BYTES + MESSAGE_BYTES + 3 * PANEL_COLS + SAN_BYTES + 1 + SETTINGS_BYTES + 1
%if GAME_WORK_BYTES + FEN_BYTES > MODE_BUF_BYTES ; and setup_work at its end (engine/position.asm)
%error "the game's fields do not fit in mode_work"
%endif
san_copy        resb SAN_BYTES      ; a ply's SAN on its way to or from GS:game_area.sans
quit_requested  resb 1
thinking        resb 1              ; the computer is searching (the panel says so)
computer_tick   resd 1              ; BIOS tick of the computer's last move
message         resw 1              ; -> the panel's message, or 0
hash_kib        resw 1              ; the hash table's size (the panel says it)

        section .text

; game_run -- play the interactive game until the player quits; then text mode and
;             back to DOS with exit code 0
; IN:  the command tail in the PSP: [/log] [/keep] [/level N] [/quiet] [/load FILE] [/fen FEN];
;      CHESS.CFG (settings.asm); ES = the move stack
; OUT: does not return; [hash_kib] the hash table's size (engine_hash_size)
game_run:
        cld
        call settings_load
        call game_options
        mov ax, GAME_HASH_MIB       ; in extended memory, or today's 128 KiB where there is
        call engine_hash_size       ; none to be had
        mov [hash_kib], ax
        mov word [clock_tick_hook], sound_tick
        call video_init
        call mouse_init
        call game_setup
        call pgn_replay
        call savegame_replay
        cmp byte [engine_side], WHITE ; you start with the side to move
        je .players
        mov byte [players_mode], MODE_YOU_BLACK
.players:
        call keep_restore
        call game_set_players
        call mouse_hide
        call draw_help
        call mouse_show
        call screen_refresh
.loop:  cmp byte [quit_requested], 0
        jne .quit
        call speaker_update
        call analysis_turn
        call game_computer_turn
        jc .loop
        call hand_flip_timeout
        call chessclock_tick
        call input_poll
        cmp al, INPUT_KEY
        jne .click
        call hand_key
        jmp .loop
.click: cmp al, INPUT_CLICK
        jne .release
        call hand_click
        jmp .loop
.release:
        cmp al, INPUT_RELEASE
        jne .idle
        call hand_release
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
; OUT: game_fen, [log_enabled], [keep_enabled], [level], [sound_on] (/quiet: off), [message] if
;      something could not be used
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
        call start_lower_word       ; /LOG is /log
        mov bx, switch_log
        call text_match_word
        jc .not_log
        mov byte [log_enabled], 1
        jmp .next
.not_log:
        mov bx, switch_load
        call text_match_word
        jc .not_load
        call text_skip_space
        mov dx, si                  ; the file name: up to white space
.name:  lodsb
        call text_end_of_word
        jne .name
        mov byte [si - 1], 0
        push ax
        call keep_note_load
        call file_load
        pop ax
        test al, al
        jnz .next
        dec si                      ; the name ended the tail: stay on its 0
        jmp .next
.not_load:
        mov bx, switch_level
        call text_match_word
        jc .not_level
        call text_skip_space
        push eax
        call text_read_number
        jc .bad_level
        cmp eax, LEVEL_MIN
        jb .bad_level
        cmp eax, LEVEL_MAX
        ja .bad_level
        mov [level], al
        pop eax
        jmp .next
.bad_level:
        pop eax
        jmp .unknown
.not_level:
        mov bx, switch_quiet
        call text_match_word
        jc .not_quiet
        mov byte [sound_on], 0
        jmp .next
.not_quiet:
        mov bx, switch_keep
        call text_match_word
        jc .not_keep
        mov byte [keep_enabled], 1
        jmp .next
.not_keep:
        mov bx, switch_fen
        call text_match_word
        jc .unknown
        call text_skip_space        ; the rest of the line is the FEN, without the moves
        mov word [pgn_moves], 0     ; of a file loaded before it
        mov word [gam_plies], 0
        jmp game_set_fen
.unknown:
        mov word [message], msg_bad_switch
.done:  ret

; game_set_fen -- keep a FEN as the game's starting text, each run of spaces as one
;                 space, so that padding never pushes the clocks out; a text that
;                 still does not fit is refused with a message, not cut
; IN:  SI -> the text, ended by 0
; OUT: game_fen; or the start position and [message] = msg_fen_long
; CHG: AL, SI, DI
game_set_fen:
        mov di, game_fen
.skip:  cmp byte [si], SPACE
        jne .copy
        inc si
        jmp .skip
.copy:  lodsb
        cmp al, SPACE
        jne .keep
.spaces:
        cmp byte [si], SPACE
        jne .one_space
        inc si
        jmp .spaces
.one_space:
        cmp byte [si], 0
        je .end                     ; spaces at the end are dropped
.keep:  test al, al
        jz .end
        cmp di, game_fen + FEN_BYTES - 1
        jae .long
        mov [di], al
        inc di
        jmp .copy
.end:   mov byte [di], 0
        ret
.long:  mov word [message], msg_fen_long
        mov si, start_fen_text
        jmp game_set_fen

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
;               FEN parser's error code on the panel); an empty record; the engine's
;               next search afresh (a new game: its moves then keep the hash table)
; IN:  game_fen
; OUT: the position; the record empty; the display state reset; [engine_status]
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
game_setup:
        call engine_forget          ; a new game: the last one's searches do not count
        mov si, game_fen
        call engine_set_fen
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
        mov si, game_fen
        call engine_set_fen
.good:  mov byte [last_from], NO_SQUARE
        mov byte [last_to], NO_SQUARE
        mov bl, [cursor_square]     ; off the 6x6 board the cursor goes to e2
        call engine_in_play
        jnc .hand
        mov byte [cursor_square], SQ_E1 - ROW_STEP
.hand:  call chessclock_reset
        jmp game_reset_hand

; game_reset_hand -- nothing in hand: no piece taken up, no promotion asked, nothing
;                    typed
; IN:  nothing
; OUT: [picked_square], [promo_from], [input_len], [letter_pending] cleared
; CHG: nothing
game_reset_hand:
        mov byte [picked_square], NO_SQUARE
        mov byte [promo_from], NO_SQUARE
        mov byte [input_len], 0
        mov byte [letter_pending], 0
        ret

; game_play -- make a legal move in the game: its SAN in the record, the move on the
;              board, the new position settled, lit, drawn and logged; unless the
;              mover's flag has fallen by now (the computer's after its search, the
;              player's as the move is made): then the game is lost (or drawn) on time
; IN:  EAX = a move record legal in the position (ES:0 = the legal moves)
; OUT: the move made (nothing when the record is full or a flag has fallen)
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
game_play:
        push eax
        call chessclock_tick        ; the mover's flag first: no move after it falls
        pop eax
        cmp byte [chess_flag], 0
        jne .done
        call game_enter
        jc .done
        call chessclock_moved
        call sound_move
        jmp screen_refresh
.done:  ret

; game_check_sign -- SAN's sign of the move just made: # for a mate, + for a check
; IN:  DI -> the 0 after the move's SAN; the status block after the move
; OUT: the sign and a 0 stored when there is one, DI -> the 0
; CHG: AL
game_check_sign:
        mov al, '#'
        cmp byte [engine_status], STATUS_MATE
        je .sign
        mov al, '+'
        cmp byte [engine_in_check], 0
        je .done
.sign:  mov [di], al
        inc di
        mov byte [di], 0
.done:  ret

; game_enter -- game_play without drawing (a saved game's moves, drawn once at the end)
; IN:  as game_play
; OUT: CF clear: the move made, settled and lit; CF set: nothing (the record is full)
; CHG: as game_play
game_enter:
        cmp word [engine_plies], MAX_GAME_PLIES
        jae .full
        mov di, san_copy
        call notation_san
        push di                     ; where the check sign goes
        call engine_play
        pop di
        jc .full
        call game_light_last
        call game_reset_hand
        call game_check_sign
        mov bx, [engine_plies]
        dec bx
        mov si, san_copy
        call game_san_store
        clc
        ret
.full:  stc
        ret

; game_san_store -- keep a ply's SAN in the game segment's SAN list
; IN:  BX = the ply; SI -> its SAN (DS, SAN_BYTES with the 0); GS = the game segment
; OUT: GS:game_area.sans holds it
; CHG: nothing
game_san_store:
        pusha
        imul bx, bx, SAN_BYTES
        mov cx, SAN_BYTES
.copy:  lodsb
        mov [gs:game_area.sans + bx], al
        inc bx
        loop .copy
        popa
        ret

; game_san_fetch -- a ply's SAN from the game segment's SAN list, copied where DS reads
; IN:  BX = the ply, < [engine_plies]; GS = the game segment
; OUT: SI -> its SAN, 0-terminated, in san_copy (until the next fetch or store)
; CHG: nothing else
game_san_fetch:
        pusha
        imul bx, bx, SAN_BYTES
        mov di, san_copy
        mov cx, SAN_BYTES
.copy:  mov al, [gs:game_area.sans + bx]
        mov [di], al
        inc bx
        inc di
        loop .copy
        popa
        mov si, san_copy
        ret

; game_light_last -- light the squares of the last move of the record
; IN:  [engine_last], [engine_plies]
; OUT: [last_from], [last_to] (NO_SQUARE when the record is empty)
; CHG: EAX, BX
game_light_last:
        mov eax, NO_SQUARE << 16 | NO_SQUARE
        cmp word [engine_plies], 0
        je .set
        mov eax, [engine_last]
        and al, SQUARE_MASK
.set:   mov [last_from], al
        MOVE_TO_LOW eax
        mov [last_to], al
        ret

; game_take_back -- take back the last move; against the computer, back to the
;                   human's turn (the last pair); the computer against itself stops
;                   (two humans from here).  Refused once a flag has fallen: the
;                   result stands (N starts a new game)
; IN:  the record
; OUT: the position replayed from game_fen without those moves
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
game_take_back:
        cmp byte [chess_flag], 0    ; the clocks keep no time a move to go back to
        je .clocks
        mov word [message], msg_flag_no_take_back
        jmp screen_refresh
.clocks:
        call chessclock_stop
        mov bx, [engine_plies]
        test bx, bx
        jz .nothing
        mov al, [players]
        and al, [players + 1]
        jz .one                     ; someone is human
        mov byte [players_mode], MODE_TWO_HUMANS
        call game_set_players
.one:   dec bx
        jz .first
        call game_mover             ; who is to move after taking back one?
        cmp byte [players + si], PLAYER_COMPUTER
        jne .replay
        dec bx                      ; the computer: take its move back too
.replay:
        jmp game_replay
.first: call game_mover             ; the record's one move: the computer's leaves the
        cmp byte [players + si], PLAYER_COMPUTER ; human nothing to take back
        jne .replay
.nothing:
        mov word [message], msg_nothing_back
        jmp screen_refresh

; game_mover -- the colour that made a ply of the record
; IN:  BX = the ply (0 = the first of the record)
; OUT: SI = its colour >> COLOUR_SHIFT (0 black, 1 white)
; CHG: nothing else
game_mover:
        movzx si, byte [engine_start_black]
        add si, bx
        and si, 1                   ; white makes the even plies counted from white
        xor si, 1
        ret

; game_replay -- the position after the record's first moves, lit, drawn and logged
; IN:  BX = the moves to keep, <= [engine_plies]
; OUT: the position; the record that long
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
game_replay:
        call engine_take_back
        call game_light_last
        call game_reset_hand
        jmp screen_refresh

; ---------------------------------------------------------------------------------------
; The commands.

; The command keys' routines (command_keys in hand.asm) share one shape:
; IN:  the game; OUT: the game and the screen changed as the key says;
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP.

; game_flip -- turn the board round: black at the bottom or white (Liberman: the bit 8
;              of CONTROL that makes FICHAS call COORREN instead of COORNOR)
game_flip:
        xor byte [flipped], 1
        jmp screen_refresh

; game_quit -- leave at the next turn of the main loop (text mode, exit code 0)
game_quit:
        mov byte [quit_requested], 1
        ret

; game_new -- a new game from the start position of the board in play; players and
;            level stay
game_new:
        mov al, [engine_variant]
        ; fall through

; game_new_variant -- a new game from the start position of a variant
; IN:  AL = VARIANT_CHESS or VARIANT_LOS_ALAMOS
game_new_variant:
        call engine_start_fen
        call game_set_fen
        call game_setup
        jmp screen_refresh

; game_variant -- a new game of the other variant: Los Alamos chess on the 6x6 board
;                 after chess, chess after it
game_variant:
        mov al, [engine_variant]
        xor al, VARIANT_CHESS ^ VARIANT_LOS_ALAMOS
        jmp game_new_variant

; game_level -- the next level, after LEVEL_MAX the first again
game_level:
        mov al, [level]
        inc al
        cmp al, LEVEL_MAX
        jbe .set
        mov al, LEVEL_MIN
.set:   mov [level], al
        jmp screen_refresh

; game_book -- the opening book on or off for the computer's moves (the panel says which)
game_book:
        xor byte [book_enabled], 1
        mov word [message], msg_book_off
        jz .said
        mov word [message], msg_book_on
.said:  jmp screen_refresh

; game_next_players -- who plays which colour: the next pair of player_modes; a piece
;                      in hand is put back; the computer waits COMPUTER_PAUSE_TICKS
;                      before it moves, so that M pressed again passes this pair by
game_next_players:
        call timer_ticks
        mov [computer_tick], eax
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

; ---------------------------------------------------------------------------------------
; The computer.

; game_side_player -- who plays the side to move, while the game is live
; IN:  [engine_status], [chess_flag], [engine_side], [players]
; OUT: CF set if the game is over or a flag has fallen; else CF clear and AL =
;      PLAYER_HUMAN or PLAYER_COMPUTER
; CHG: AL, SI
game_side_player:
        cmp byte [engine_status], STATUS_OVER
        jae .over
        cmp byte [chess_flag], 0
        jne .over
        movzx si, byte [engine_side]
        shr si, COLOUR_SHIFT
        mov al, [players + si]
        clc
        ret
.over:  stc
        ret

; game_computer_turn -- if the computer is to move (and the game goes on), play its
;                       move: the opening book's at once while the game follows it (the
;                       book switched on), else the search's; Space (KEY_MOVE_NOW) makes it play at
;                       once, and
;                       the other keys typed meanwhile wait in the BIOS buffer for the
;                       main loop: none is lost
; IN:  the position; [players], [level], [book_enabled]
; OUT: CF set if the computer moved
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
game_computer_turn:
        cmp byte [setup_active], 0  ; no move while a position is set up
        jne .no
        call game_side_player
        jc .no
        cmp al, PLAYER_COMPUTER
        jne .no
        call timer_ticks            ; a pause between the moves of computer v computer
        sub eax, [computer_tick]
        cmp eax, COMPUTER_PAUSE_TICKS
        jb .no
        mov byte [picked_square], NO_SQUARE
        cmp byte [book_enabled], 0
        je .think
        call timer_ticks            ; the seed: the moment the move is asked for
        call engine_book
        jc .think
        mov word [message], msg_book_move
        jmp .play
.think: cmp word [message], msg_book_move ; out of the book now
        jne .search
        mov word [message], 0
.search:
        mov byte [thinking], 1
        call screen_panel
        call file_log               ; the log says the computer thinks
        call game_limits
        call think_begin
        call engine_think
        call think_end
        mov byte [thinking], 0
        jc .none
.play:  call game_play
        jmp .keys
.none:  call screen_refresh         ; no move: mate or stalemate stands on the panel
.keys:  call timer_ticks
        mov [computer_tick], eax
        stc
        ret
.no:    clc
        ret

; game_limits -- the computer's limits for its move: its share of its chess clock, or
;                the level's time or depth; the key KEY_MOVE_NOW makes it play at once
; IN:  [clock_choice] and the clocks; [level]
; OUT: the clock's limit_*; CL = the mate logic's moves for engine_think
; CHG: EAX, EBX, EDX, SI, DI
game_limits:
        call clock_limits_none
        mov byte [limit_keys], KEYS_MOVE_NOW
        mov cl, MATE_LEVEL_DEFAULT
        cmp byte [clock_choice], TIME_CONTROL_NONE
        je .level
        push cx
        call chessclock_allot       ; the clock decides, not the level
        pop cx
        ret
.level: movzx bx, byte [level]
        shl bx, LEVEL_SHIFT
        movzx eax, word [level_limits + bx - (LEVEL_MIN << LEVEL_SHIFT) + level_entry.ms]
        mov [limit_time], eax
        mov al, [level_limits + bx - (LEVEL_MIN << LEVEL_SHIFT) + level_entry.depth]
        mov [limit_depth], al
        mov cl, MATE_LEVEL_DEFAULT
        cmp dword [limit_time], 0
        jne .done
        mov cl, 1                   ; a depth level: a mate in one, no longer mates
.done:  ret

; ---------------------------------------------------------------------------------------
; The screen.

; screen_refresh -- draw the board and the panel again, and log and keep the change
; IN:  the game
; OUT: the screen up to date; GAME.LOG with /log; KEEP.GAM and KEEP.CFG with /keep
; CHG: AX, BX, CX, DX, SI
screen_refresh:
        call mouse_hide
        call draw_board
        call draw_panel
        call mouse_show
        call file_log
        jmp keep_write

; screen_panel -- draw the panel again (the board has not changed)
; IN:  the game
; OUT: the panel up to date
; CHG: nothing
screen_panel:
        call mouse_hide
        call draw_panel
        jmp mouse_show
