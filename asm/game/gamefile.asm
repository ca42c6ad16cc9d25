; gamefile.asm -- the game's files: the game or position /load starts from (PGN or a
; FEN), the save file CHESS.SAV (the game as PGN, pgn.asm), and the game log GAME.LOG that
; /log writes at each change for the tests.  All writing goes through the result writer
; of dos.asm (out_char and its kin).
; New: not in Liberman's texts.

        section .data

log_name        db "GAME.LOG", 0
msg_no_file     db "Cannot read", 0
msg_saved       db "Saved "         ; runs on into save_name
save_name       db "CHESS.SAV", 0
msg_not_saved   db "Cannot save", 0
msg_pgn_long    db "PGN file too long", 0
log_fen         db "fen ", 0
log_status      db "status ", 0
log_moves       db "moves", 0
log_san         db "san", 0
log_flip        db "flip ", 0
log_level       db "level ", 0
log_players     db "players ", 0
log_book        db "book ", 0
log_message     db "message ", 0
log_mode        db "mode ", 0
mode_play       db "play", 0
mode_think      db "think", 0
mode_setup      db "setup", 0
log_end         db "end", 0
player_letters  db "hc"           ; PLAYER_HUMAN, PLAYER_COMPUTER in the log

        section .bss

log_enabled     resb 1              ; /log: write GAME.LOG at each change
file_fen_error  resw 1              ; file_fen_check's answer, kept across its POPAD
load_buf        equ mode_line       ; a FEN or a PGN tag line of the file /load read (the
                                    ; game's use of mode_line)
%if LOAD_BYTES > MODE_BUF_BYTES
%error "the /load line does not fit in mode_line"
%endif

        section .text

; file_load -- start from a file: a CHESS.GAM (savegame_load, which also refuses any
;              other file with a NUL byte, as not CHESS.GAM), a PGN (its FEN tag and its
;              moves, pgn_load) or a FEN on the first line (past a byte order mark, as
;              a PGN); the file is read whole into GS:game_area.load_text, so a PGN of
;              the longest game S saves loads back.  The moves of a file loaded before
;              are dropped: moves are only ever played on their own file's position
; IN:  DX -> the file name, 0-terminated; ES = the move stack
; OUT: game_fen = the FEN, [pgn_moves] for a PGN, [gam_plies] for a CHESS.GAM; or
;      [message] = "Cannot read FILE", "FEN too long" (a line of LOAD_BYTES - 1 or
;      more), "PGN file too long" (a file of PGN_FILE_BYTES - 1 bytes or more) or why
;      the PGN or the CHESS.GAM is refused, and game_fen unchanged
; CHG: EAX, BX, CX, DI
file_load:
        push si
        mov word [pgn_moves], 0
        mov word [gam_plies], 0
        mov ax, (DOS_OPEN << 8) | OPEN_READ
        int DOS
        jc .fail
        mov bx, ax
        mov ah, DOS_READ
        mov cx, PGN_FILE_BYTES - 1
        push dx
        push ds
        push gs                     ; DOS reads to DS:DX
        pop ds
        mov dx, game_area.load_text
        int DOS
        pop ds
        pop dx
        pushf
        push ax
        mov ah, DOS_CLOSE
        int DOS
        pop cx
        popf
        jc .fail
        mov si, game_area.load_text
        mov di, si
        add di, cx
        mov byte [gs:di], 0
        cmp cx, GAM_MAGIC_BYTES     ; the compact save file, by its magic
        jb .text
        mov eax, [gs:si]
        cmp eax, [gam_magic]
        je .gam
        call file_binary            ; a file with a NUL is no PGN nor FEN: savegame_load
        jnc .text                   ; refuses it as not CHESS.GAM
.gam:   call savegame_load
        pop si
        ret
.text:  call pgn_skip_filler
        call pgn_detect
        jc .fen
        cmp cx, PGN_FILE_BYTES - 1
        je .pgn_long                ; the buffer is full and the game goes on
        call pgn_load
        pop si
        ret
.pgn_long:
        mov word [message], msg_pgn_long
        pop si
        ret
.fen:   call file_line_copy
        jc .long
        mov si, load_buf
        call game_set_fen
        pop si
        ret
.long:  mov word [message], msg_fen_long
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

; file_fen_check -- would the engine set up this FEN? Tried when the file is read, so
;                   that a file whose FEN is bad is refused before any of its moves
;                   could be played on another position (engine_set_fen: game_setup
;                   sets the position again)
; IN:  load_buf = the FEN, 0-terminated; ES = the move stack
; OUT: CF clear if it would; CF set, SI -> the error_entry of its first error
; CHG: SI
file_fen_check:
        pushad
        mov si, load_buf
        call engine_set_fen
        mov [file_fen_error], si
        popad                       ; the flags stay engine_set_fen's
        mov si, [file_fen_error]
        ret

; file_binary -- does the file /load read hold a NUL byte (as a CHESS.GAM does, and no
;                PGN or FEN)?
; IN:  GS:SI -> the file, CX = its bytes (at least 1)
; OUT: CF set if it does
; CHG: nothing
file_binary:
        push cx
        push si
.byte:  cmp byte [gs:si], 0
        je .found
        inc si
        loop .byte
        pop si
        pop cx
        clc
        ret
.found: pop si
        pop cx
        stc
        ret

; file_line_copy -- a line of the file /load read, into load_buf for the parsers that
;                   read DS (the FEN reader, text_match_word)
; IN:  GS:SI -> the line
; OUT: load_buf = the line, 0-terminated; SI -> its end (CR, LF, CTRL_Z or the 0);
;      CF set if the line had LOAD_BYTES - 1 characters or more (load_buf keeps its start)
; CHG: AL, DI
file_line_copy:
        mov di, load_buf
.copy:  mov al, [gs:si]
        test al, al
        jz .end
        cmp al, CR
        je .end
        cmp al, LF
        je .end
        cmp al, CTRL_Z
        je .end
        inc si
        cmp di, load_buf + LOAD_BYTES - 1
        jae .copy                   ; full: walk on to the line's end
        mov [di], al
        inc di
        jmp .copy
.end:   mov byte [di], 0
        cmp di, load_buf + LOAD_BYTES - 1
        cmc                         ; CF set: load_buf is full
        ret

; file_save -- write CHESS.SAV: the game as PGN (what `CHESS /load CHESS.SAV` reads)
; IN:  the game
; OUT: the file written; a message says so
; CHG: EAX, BX, CX, DX, SI, DI
file_save:
        mov dx, save_name
        call file_create
        mov si, msg_not_saved
        jc .say
        call pgn_write
        call file_close
        mov si, msg_saved
.say:   mov [message], si
        jmp screen_refresh

; file_move_number -- the move number of a ply of the record, and whose move it is
; IN:  BX = the ply (0 = the first of the record)
; OUT: EAX = the move number (32 bits: it goes past 65535); CF set if it is black's move
; CHG: nothing else
file_move_number:
        movzx eax, byte [engine_start_black]
        add ax, bx
        shr eax, 1                  ; CF = the odd plies counted from white: black's
        pushf
        add eax, [engine_start_fullmove]
        popf
        ret

; file_log -- with /log, write GAME.LOG after each change (a channel for the tests):
;             fen, status, the moves in UCI and in SAN, the orientation, the level,
;             the opening book (1 on, 0 off), the clocks, the hint, the thinking, analysis
;             mode, the sounds, the players (h/c, white then black), what the game is
;             doing (play, think: the computer searches, setup), the message, then "end"
; IN:  the game
; OUT: the file written
; CHG: AX, BX, CX, DX, SI
file_log:
        cmp byte [log_enabled], 0
        je .done
        mov dx, log_name
        call file_create
        jc .done
        mov si, log_fen
        call out_string
        call engine_print_fen
        call out_crlf
        mov si, log_status
        call out_string
        movzx bx, byte [engine_status]
        shl bx, 1
        mov si, [status_words + bx]
        call out_string
        call out_crlf
        mov si, log_moves
        call out_string
        cmp byte [setup_active], 0  ; a set-up board is not the game's: no moves
        jne .uci_end
        pushad                      ; the record replayed, each move printed on the way
        mov word [engine_replay_hook], file_log_move
        mov bx, [engine_plies]
        call engine_take_back
        mov word [engine_replay_hook], 0
        popad
.uci_end:
        call out_crlf
        mov si, log_san
        call out_string
        xor bx, bx
.san:   cmp bx, [engine_plies]
        jae .san_end
        call out_space
        call game_san_fetch
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
        mov si, log_book
        call out_string
        movzx eax, byte [book_enabled]
        call out_u32
        call out_crlf
        call chessclock_log
        call hint_log
        call think_log
        call analysis_log
        call sound_log
        mov si, log_players
        call out_string
        movzx bx, byte [players + (WHITE >> COLOUR_SHIFT)]
        mov al, [player_letters + bx]
        call out_char
        movzx bx, byte [players + (BLACK >> COLOUR_SHIFT)]
        mov al, [player_letters + bx]
        call out_char
        call out_crlf
        mov si, log_mode
        call out_string
        mov si, mode_setup
        cmp byte [setup_active], 0
        jne .mode
        mov si, mode_think
        cmp byte [thinking], 0
        jne .mode
        mov si, mode_play
.mode:  call out_string
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
        call file_close
.done:  ret

; file_log_move -- a move of the record in the log's moves line, in UCI
; IN:  EAX = the move
; OUT: " e2e4" written
; CHG: nothing
file_log_move:
        call out_space
        jmp engine_print_move

; file_create -- create (truncate) a file for the result writer
; IN:  DX -> the file name
; OUT: CF clear, [out_handle] = the file; CF set if it cannot be created
; CHG: AX, CX
file_create:
        mov ah, DOS_CREATE
        mov cx, ATTR_NORMAL
        int DOS
        jc .done
        mov [out_handle], ax
.done:  ret

; file_close -- write out what waits and close the file
; IN:  [out_handle]
; OUT: the file closed
; CHG: AX, BX
file_close:
        call out_flush
        mov bx, [out_handle]
        mov ah, DOS_CLOSE
        int DOS
        ret

