; savegame.asm -- CHESS.GAM, the compact save file: the game record's bytes (one a ply,
; record.asm) behind a header, and a checksum.  W writes it; /load reads it.
;
; CHESS.GAM, little-endian:
;   offset  bytes  what
;   0       4      GAM_MAGIC "LGAM"
;   4       1      GAM_VERSION, 2 (version 1, without the clocks, is refused)
;   5       1      the variant (VARIANT_CHESS, VARIANT_LOS_ALAMOS)
;   6       1      the level (LEVEL_MIN..LEVEL_MAX)
;   7       1      the time control, a row of time_controls (0: none; chessclock.asm)
;   8       4      ms left on black's clock (at most GAM_CLOCK_MS_MAX; black first, as
;                  chess_left is indexed by colour >> COLOUR_SHIFT)
;   12      4      ms left on white's clock (the same)
;   16      2      black's moves in the period (under the period's moves; 0 without)
;   18      2      white's moves in the period (the same)
;   20      1      n, the length of the start position's FEN (1..GAM_FEN_MAX)
;   21      n      the FEN, ASCII
;   21+n    2      p, the plies (0..MAX_GAME_PLIES)
;   23+n    p      the plies, a byte each
;   23+n+p  2      the checksum of every byte before it: s = rol(s, 1) + byte, from 0
; The clocks are saved as they stand when W is pressed and come back stopped, until the
; next move (as after a take-back); a fallen flag is saved as 0 ms on the side to move's
; clock, and a file with that comes back with the game lost (or drawn) on time.  A file that is
; shorter or longer than its header says, has another magic, version, variant or level, a clock out
; of range or a wrong checksum, or a FEN the engine refuses (named: "bad FEN kings") is refused with
; a message before anything changes; a ply whose rank no legal move has stops the replay there with
; a message.
; New: not in Liberman's texts.

        section .data

gam_magic       db GAM_MAGIC
msg_gam_saved   db "Saved CHESS.GAM: ", 0
msg_gam_bytes   db " bytes", 0
msg_gam_bad     db "Refused save file: ", 0
msg_gam_short   db "truncated", 0
msg_gam_long    db "too long", 0
msg_gam_magic   db "not "           ; runs on into gam_name
gam_name        db "CHESS.GAM", 0
msg_gam_version db "other version", 0
msg_gam_header  db "bad header", 0
msg_gam_clock   db "bad clock", 0
msg_gam_variant db "other variant", 0
msg_gam_sum     db "bad checksum", 0
msg_gam_fen     db "bad FEN ", 0
msg_gam_ply     db "Bad ply in save file", 0

%if GAM_BYTES > PGN_FILE_BYTES - 2
%error "file_load must read more than any sound CHESS.GAM, so that a longer file shows"
%endif

        section .bss

gam_plies       resw 1              ; 1 + the plies of a loaded file to replay; 0: none
gam_sum         resw 1              ; the checksum of the bytes written so far
gam_written     resw 1              ; and their count

        section .text

; savegame_write -- W: write CHESS.GAM (the header, the record's bytes, the checksum)
;                   and say how many bytes it took
; IN:  the game: engine_fen, the record (GS:game_area.record), [engine_plies], [engine_variant],
;      [level], the clocks
; OUT: the file written; [message] says so, or "Cannot save"
; CHG: EAX, BX, CX, EDX, SI, DI
savegame_write:
        mov dx, gam_name
        call savegame_put_file
        mov si, msg_not_saved
        jc .say
        mov di, message_buf         ; "Saved CHESS.GAM: 530 bytes"
        mov si, msg_gam_saved
        call message_add
        movzx eax, word [gam_written]
        call text_number
        mov si, msg_gam_bytes
        call message_add
        mov si, message_buf
.say:   mov [message], si
        jmp screen_refresh

; savegame_put_file -- write the game in CHESS.GAM's layout to a file
; IN:  DX -> the file name; the game as savegame_write
; OUT: CF clear: the file written, [gam_written] its bytes; CF set: it could not be created
; CHG: EAX, BX, CX, EDX, SI, DI
savegame_put_file:
        call file_create
        jc .done
        mov word [gam_sum], 0
        mov word [gam_written], 0
        mov si, gam_magic
        mov cx, GAM_MAGIC_BYTES
        call savegame_put_bytes
        mov al, GAM_VERSION
        call savegame_put
        mov al, [engine_variant]
        call savegame_put
        mov al, [level]
        call savegame_put
        mov al, [clock_choice]
        call savegame_put
        mov al, [engine_side]
        call chessclock_left        ; the running clock as it stands now
        test eax, eax
        jns .left
        xor eax, eax                ; its flag fell
.left:  push dword [chess_left + di]
        push di
        mov [chess_left + di], eax
        mov si, chess_left
        mov cx, GAM_MOVES - GAM_LEFT
        call savegame_put_bytes
        pop di
        pop dword [chess_left + di]
        mov si, chess_moves
        mov cx, GAM_FEN_LEN - GAM_MOVES
        call savegame_put_bytes
        mov si, engine_fen          ; its length, then the FEN
        xor cx, cx
.length:
        cmp byte [si], 0
        je .fen
        inc si
        inc cx
        jmp .length
.fen:   mov al, cl
        call savegame_put
        mov si, engine_fen
        call savegame_put_bytes
        mov ax, [engine_plies]
        call savegame_put
        mov al, ah
        call savegame_put
        xor si, si                  ; the record, from the game segment
.ply:   cmp si, [engine_plies]
        jae .sum
        mov al, [gs:game_area.record + si]
        call savegame_put
        inc si
        jmp .ply
.sum:   mov ax, [gam_sum]
        push ax
        call out_char               ; the checksum is not summed
        pop ax
        mov al, ah
        call out_char
        add word [gam_written], GAM_SUM_BYTES
        call file_close
        clc
.done:  ret

; savegame_put_bytes -- write bytes to the file, summed
; IN:  SI -> them; CX = how many (0 allowed)
; OUT: SI past them
; CHG: AL, CX
savegame_put_bytes:
        jcxz .done
.byte:  lodsb
        call savegame_put
        loop .byte
.done:  ret

; savegame_put -- write a byte to the file, summed: s = rol(s, 1) + byte
; IN:  AL = the byte
; OUT: [gam_sum], [gam_written] updated
; CHG: nothing
savegame_put:
        push ax
        rol word [gam_sum], 1
        movzx ax, al
        add [gam_sum], ax
        inc word [gam_written]
        pop ax
        jmp out_char

; savegame_load -- /load of a CHESS.GAM, read whole by file_load into the game segment:
;                  if it is sound (its FEN too, tried by the engine), game_fen = its
;                  start position, the level set, its plies kept there for
;                  savegame_replay; if not, a message names what is wrong and nothing
;                  changes
; IN:  GS:game_area.load_text = the file; CX = its bytes read, at least GAM_MAGIC_BYTES
;      (PGN_FILE_BYTES - 1: more than any sound CHESS.GAM, so a longer file shows);
;      ES = the move stack
; OUT: as said
; CHG: EAX, BX, CX, SI, DI
savegame_load:
        push dx
        call savegame_check
        jc .refused
        movzx cx, byte [gs:GAM_FILE + GAM_FEN_LEN]
        mov si, GAM_FILE + GAM_FEN
        mov di, load_buf
.fen:   gs lodsb
        test al, al
        jz .nul                     ; a NUL would cut the FEN short: no FEN byte
        mov [di], al
        inc di
        loop .fen
        mov byte [di], 0
        push si
        call file_fen_check
        jc .bad_fen
        mov si, load_buf
        mov di, game_fen
        call text_append
        pop si
        mov al, [gs:GAM_FILE + GAM_LEVEL]
        mov [level], al
        mov al, [gs:GAM_FILE + GAM_CLOCK]
        mov [clock_choice], al
        gs lodsw
        inc ax                      ; a file to replay, even without plies
        mov [gam_plies], ax
        pop dx
        ret
.nul:   push si
        mov si, engine_err_byte
.bad_fen:
        mov di, message_buf         ; "Refused save file: bad FEN kings"
        push si
        mov si, msg_gam_bad
        call message_add
        mov si, msg_gam_fen
        call message_add
        pop si
        mov si, [si + error_entry.code]
        call message_add
        pop si
        pop dx
        ret
.refused:
        mov di, message_buf
        push si
        mov si, msg_gam_bad
        call message_add
        pop si
        call message_add
        pop dx
        ret

; savegame_check -- is the file /load read sound? Its size, magic, version, variant,
;                   level, clocks, FEN length, ply count, checksum, and the variant its
;                   FEN names
; IN:  GS:game_area.load_text; CX = the bytes read, at least GAM_MAGIC_BYTES
; OUT: CF clear if it is; CF set, SI -> what is wrong
; CHG: AX, BX, CX, DX, DI
savegame_check:
        mov si, msg_gam_magic
        mov di, GAM_FILE
        mov bx, gam_magic
.magic: mov al, [bx]
        cmp al, [gs:di]
        jne .bad
        inc bx
        inc di
        cmp bx, gam_magic + GAM_MAGIC_BYTES
        jb .magic
        mov si, msg_gam_short
        cmp cx, GAM_FEN
        jb .bad
        mov si, msg_gam_version
        cmp byte [gs:GAM_FILE + GAM_VERSION_AT], GAM_VERSION
        jne .bad
        mov si, msg_gam_header
        cmp byte [gs:GAM_FILE + GAM_VARIANT], VARIANT_LOS_ALAMOS
        ja .bad
        mov al, [gs:GAM_FILE + GAM_LEVEL]
        cmp al, LEVEL_MIN
        jb .bad
        cmp al, LEVEL_MAX
        ja .bad
        mov si, msg_gam_clock
        movzx bx, byte [gs:GAM_FILE + GAM_CLOCK]
        cmp bx, TIME_CONTROLS
        jae .bad
        cmp dword [gs:GAM_FILE + GAM_LEFT], GAM_CLOCK_MS_MAX
        ja .bad
        cmp dword [gs:GAM_FILE + GAM_LEFT + 4], GAM_CLOCK_MS_MAX
        ja .bad
        imul bx, bx, time_control_size
        mov ax, [time_controls + bx + time_control.moves]
        sub ax, 1                   ; the most moves in a period: moves - 1, or 0
        adc ax, 0
        cmp [gs:GAM_FILE + GAM_MOVES], ax
        ja .bad
        cmp [gs:GAM_FILE + GAM_MOVES + 2], ax
        ja .bad
        mov si, msg_gam_header
        movzx bx, byte [gs:GAM_FILE + GAM_FEN_LEN]
        cmp bx, GAM_FEN_MIN
        jb .bad
        cmp bx, GAM_FEN_MAX
        ja .bad
        mov si, msg_gam_short
        lea dx, [bx + GAM_FEN + GAM_PLIES_BYTES]
        cmp cx, dx
        jb .bad
        mov si, msg_gam_header
        mov dx, [gs:GAM_FILE + bx + GAM_FEN]
        cmp dx, MAX_GAME_PLIES
        ja .bad
        mov si, msg_gam_short
        add dx, bx
        add dx, GAM_FEN + GAM_PLIES_BYTES ; DX = the bytes summed
        mov ax, dx
        add ax, GAM_SUM_BYTES
        cmp cx, ax
        jb .bad
        mov si, msg_gam_long
        ja .bad
        xor ax, ax                  ; the checksum of the DX bytes
        xor bx, bx
.sum:   rol ax, 1
        movzx cx, byte [gs:GAM_FILE + bx]
        add ax, cx
        inc bx
        cmp bx, dx
        jb .sum
        mov si, msg_gam_sum
        cmp ax, [gs:GAM_FILE + bx]
        jne .bad
        mov si, msg_gam_variant
        call savegame_fen_variant
        cmp al, [gs:GAM_FILE + GAM_VARIANT]
        jne .bad
        clc
        ret
.bad:   stc
        ret

; savegame_fen_variant -- the variant the saved FEN's board names: six ranks Los Alamos
;                         chess, else chess (fen_parse checks the rest when the game is
;                         set up from it), so that a file whose variant byte says
;                         otherwise is refused
; IN:  GS:game_area.load_text, its FEN length checked
; OUT: AL = VARIANT_LOS_ALAMOS or VARIANT_CHESS
; CHG: BX, CX
savegame_fen_variant:
        movzx cx, byte [gs:GAM_FILE + GAM_FEN_LEN]
        mov bx, GAM_FILE + GAM_FEN
        xor al, al                  ; the ranks' separators
.char:  cmp byte [gs:bx], SPACE
        je .count
        cmp byte [gs:bx], '/'
        jne .next
        inc al
.next:  inc bx
        loop .char
.count: cmp al, LA_RANKS - 1
        mov al, VARIANT_LOS_ALAMOS
        je .done
        mov al, VARIANT_CHESS
.done:  ret

; savegame_replay -- play the plies of a loaded CHESS.GAM, each checked (a byte no
;                    legal move stands for stops there: the game goes back to the start
;                    position of the board in play and the message says so), then set
;                    the clocks as saved, stopped; the screen drawn once at the end
; IN:  [gam_plies] (0: no file loaded), GS:game_area.load_text; the game set up from
;      its FEN
; OUT: the moves played, the clocks; [gam_plies] = 0
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
savegame_replay:
        mov cx, [gam_plies]
        jcxz .done
        mov word [gam_plies], 0
        movzx si, byte [gs:GAM_FILE + GAM_FEN_LEN]
        add si, GAM_FILE + GAM_FEN + GAM_PLIES_BYTES
        dec cx
        jcxz .clocks
.ply:   cmp byte [engine_status], STATUS_OVER
        jae .bad                    ; no move after the end of the game
        gs lodsb
        push cx
        push si
        call record_move
        jc .bad_pop
        call game_enter
        pop si
        pop cx
        loop .ply
.clocks:
        mov eax, [gs:GAM_FILE + GAM_LEFT]
        mov [chess_left], eax
        mov eax, [gs:GAM_FILE + GAM_LEFT + 4]
        mov [chess_left + 4], eax
        mov eax, [gs:GAM_FILE + GAM_MOVES]
        mov [chess_moves], eax
        call chessclock_restore
        jmp screen_refresh
.done:  ret
.bad_pop:
        pop si
        pop cx
.bad:   call game_new
        mov word [message], msg_gam_ply
        jmp screen_refresh
