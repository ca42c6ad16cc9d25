; draw.asm -- the board, its coordinates and the panel on the mode 13h screen
; (Liberman 1997 part 2: FICHAS walks CARREAU and calls PIECE for each square; PIECE
; finds the square's colour -- grey or vivid green -- and lays the square or the piece;
; COORNOR / COORREN write the coordinates the normal or the reversed way; part 3: the
; cursor, and "changing the light" when a piece is taken up and put down).

        section .data

; The geometry is the SCREEN / BOARD / PANEL constants of game/game.inc; nasm's map
; (build/chess.map, "No Section") lists them, and the harness reads them there.
; Square (file f, row r from the top, a8 = 0,0) is drawn at BOARD_X + f * SQUARE_PX,
; BOARD_Y + r * SQUARE_PX; reversed (flipped) at file 7 - f, row 7 - r.  The 6x6 board of
; Los Alamos chess is drawn in the middle of the same area: its squares LA_MARGIN cells
; to the right and up (reversed: to the left and down), the cells around it left blank,
; its coordinates beside it in those cells (LA_RANK_LABEL_X, LA_FILE_LABEL_Y).

; What the board shows besides CARREAU; the game sets these, the drawing reads them.
flipped         db 0                ; nonzero: black at the bottom (COORREN)
cursor_square   db SQ_E1 - ROW_STEP ; the square the cursor frame is on (e2)
picked_square   db NO_SQUARE        ; the piece taken up, lit in PAL_PICKED
last_from       db NO_SQUARE        ; the last move's squares, lit (the light confirms)
last_to         db NO_SQUARE

; The help lines under the board.
help_text:
        db "Arrows/Enter e2e4 F:flip T:back S/W:save", 0
        db "N:new L:level M:who O:book V:6x6 P:setup", 0
        db "H:hint A:analyse I:think Z:sound Q:quit", 0
help_move_now   db "Space:move now", 0  ; while the computer thinks: its best move so far

        section .text

; draw_square_cell -- the screen cell a square is drawn in: the 8x8 board fills the
;                     board's area, the 6x6 board sits in its middle, LA_MARGIN cells in
;                     from each edge; normal or reversed
; IN:  BL = the square (0 = a8 .. 63 = h1); [flipped]; [engine_variant]
; OUT: AL = the column, AH = the row from the top-left cell of the area
; CHG: nothing else
draw_square_cell:
        mov al, bl
        and al, FILE_MASK
        mov ah, bl
        shr ah, ROW_SHIFT
        cmp byte [flipped], 0
        je .normal
        xor ax, FILE_MASK << 8 | FILE_MASK ; file 7 - f, row 7 - r
        cmp byte [engine_variant], VARIANT_LOS_ALAMOS
        jne .done
        sub al, LA_MARGIN           ; a1..f6 reversed is h8..c3 of the area: left, down
        add ah, LA_MARGIN
        ret
.normal:
        cmp byte [engine_variant], VARIANT_LOS_ALAMOS
        jne .done
        add al, LA_MARGIN           ; a1..f6 is a3..f8 of the area: right, up
        sub ah, LA_MARGIN
.done:  ret

; draw_cell_square -- the square a screen cell shows (draw_square_cell backwards)
; IN:  AL = the column, AH = the row (0..7 each); [flipped]; [engine_variant]
; OUT: CF clear, BL = the square; CF set when the cell holds no square of the board in
;      play
; CHG: AX
draw_cell_square:
        cmp byte [engine_variant], VARIANT_LOS_ALAMOS
        jne .flip
        cmp byte [flipped], 0
        jne .reversed
        sub al, LA_MARGIN
        add ah, LA_MARGIN
        jmp .flip
.reversed:
        add al, LA_MARGIN
        sub ah, LA_MARGIN
.flip:  cmp al, FILE_MASK           ; off the area (a -1 is 0FFh)
        ja .none
        cmp ah, FILE_MASK
        ja .none
        cmp byte [flipped], 0
        je .square
        xor ax, FILE_MASK << 8 | FILE_MASK
.square:
        shl ah, ROW_SHIFT
        or al, ah
        mov bl, al
        jmp engine_in_play
.none:  stc
        ret

; draw_square_xy -- where a square is on the screen, the board normal or reversed
; IN:  BL = the square (0 = a8 .. 63 = h1); [flipped]; [engine_variant]
; OUT: BX = x, DX = y of its top-left pixel
; CHG: nothing else
draw_square_xy:
        push ax
        call draw_square_cell
        movzx dx, ah
        imul dx, dx, SQUARE_PX
        add dx, BOARD_Y
        movzx bx, al
        imul bx, bx, SQUARE_PX
        add bx, BOARD_X
        pop ax
        ret

; draw_square_colour -- the colour of a square's ground: Liberman's grey (a8's colour)
;                       or green, lit when the piece was taken up there, a hint's
;                       move or the last move went through it
; IN:  BL = the square; [hint_from], [hint_to] (hint.asm)
; OUT: AL = the palette index
; CHG: nothing else
draw_square_colour:
        mov al, PAL_PICKED
        cmp bl, [picked_square]
        je .done
        mov al, PAL_HINT
        cmp bl, [hint_from]
        je .done
        cmp bl, [hint_to]
        je .done
        push cx
        mov cl, bl                  ; file + row even: grey, as a8
        shr cl, ROW_SHIFT
        add cl, bl
        and cl, 1
        mov al, PAL_GREY
        add al, cl                  ; PAL_GREEN = PAL_GREY + 1
        cmp bl, [last_from]
        je .lit
        cmp bl, [last_to]
        jne .plain
.lit:   add al, PAL_GREY_LIT - PAL_GREY
.plain: pop cx
.done:  ret
%if PAL_GREEN != PAL_GREY + 1 || PAL_GREEN_LIT != PAL_GREY_LIT + 1
%error "draw_square_colour needs each green entry right after its grey one"
%endif

; draw_square -- one square with its piece and, if it is there, the cursor frame
;                (Liberman: PIECE)
; IN:  BL = the square; the board (engine_square); the display state above
; OUT: the square drawn
; CHG: nothing
draw_square:
        pusha
        call draw_square_colour
        xchg al, ah
        call engine_square
        xchg al, ah                 ; AH = the content
        call draw_square_xy
        mov cx, SQUARE_PX
        mov si, SQUARE_PX
        call video_fill
        cmp ah, EMPTY
        je .cursor
        push bx
        push dx
        add bx, PIECE_INSET
        add dx, PIECE_INSET
        mov al, ah
        call piece_draw
        pop dx
        pop bx
.cursor:
        popa
        pusha
        cmp bl, [cursor_square]
        jne .done
        call draw_square_xy
        mov al, PAL_CURSOR
        call video_frame
.done:  popa
        ret

; draw_board -- every square, then the coordinates (Liberman: FICHAS); around the 6x6
;               board the area is the backdrop
; IN:  the board (engine_square); the display state; [engine_variant]
; OUT: the board drawn
; CHG: nothing
draw_board:
        pusha
        cmp byte [engine_variant], VARIANT_LOS_ALAMOS
        jne .squares
        mov al, PAL_BACKDROP
        mov bx, BOARD_X
        mov dx, BOARD_Y
        mov cx, BOARD_PX
        mov si, BOARD_PX
        call video_fill
.squares:
        xor bl, bl
.square:
        call engine_in_play
        jc .next
        call draw_square
.next:  inc bl
        cmp bl, BOARD_SQUARES
        jb .square
        popa
        jmp draw_coordinates

; draw_coordinates -- the rank digits left of the board and the file letters under it,
;                     in the board's orientation; the cursor's file and rank lit; the
;                     6x6 board's beside it, inside the area, the 8x8 board's places
;                     blank then (Liberman: COORNOR / COORREN)
; IN:  [flipped], [cursor_square], [engine_variant]
; OUT: the coordinates drawn
; CHG: nothing
draw_coordinates:
        pusha
        mov si, RANK_LABEL_X
        mov di, FILE_LABEL_Y
        xor bp, bp
        cmp byte [engine_variant], VARIANT_LOS_ALAMOS
        jne .labels
        inc bp
        call draw_labels            ; the 8x8 board's places blank
        mov si, LA_RANK_LABEL_X
        mov di, LA_FILE_LABEL_Y
        xor bp, bp
.labels:
        call draw_labels
        popa
        ret

; draw_labels -- a rank digit beside each row of the board's area and a file letter
;                under each column, a blank beside a cell with no square
; IN:  SI = the digits' x, DI = the letters' y; BP = 0 for the labels, else blanks
;      only; [flipped], [cursor_square], [engine_variant]
; OUT: the labels drawn
; CHG: AX, BX, CX, DX
draw_labels:
        xor cx, cx                  ; CL = row or column on the screen
.rank:  mov al, LA_MARGIN + 1       ; a column both boards fill
        mov ah, cl
        call draw_cell_square
        jc .rank_blank
        test bp, bp
        jz .rank_label
.rank_blank:
        call draw_label_blank
        jmp .rank_put
.rank_label:
        mov al, bl
        shr al, ROW_SHIFT
        mov ah, [cursor_square]
        shr ah, ROW_SHIFT
        call draw_label_colours
        neg al
        add al, '8'                 ; row 0 is rank 8
.rank_put:
        imul dx, cx, SQUARE_PX
        add dx, BOARD_Y + RANK_LABEL_DY
        mov bx, si
        call video_char
        inc cl
        cmp cl, FILES
        jb .rank
        xor cx, cx
.file:  mov al, cl
        mov ah, LA_MARGIN + 1       ; a row both boards fill
        call draw_cell_square
        jc .file_blank
        test bp, bp
        jz .file_label
.file_blank:
        call draw_label_blank
        jmp .file_put
.file_label:
        mov al, bl
        and al, FILE_MASK
        mov ah, [cursor_square]
        and ah, FILE_MASK
        call draw_label_colours
        add al, 'a'
.file_put:
        imul bx, cx, SQUARE_PX
        add bx, BOARD_X + FILE_LABEL_DX
        mov dx, di
        call video_char
        inc cl
        cmp cl, FILES
        jb .file
        ret

; draw_label_blank -- the blank beside a cell with no square
; IN:  nothing
; OUT: AL = a space; text colours chosen
; CHG: AH
draw_label_blank:
        mov ax, (PAL_TEXT << 8) | PAL_BACKDROP
        call video_colours
        mov al, SPACE
        ret

; draw_label_colours -- a coordinate's colours: lit when it is the cursor's
; IN:  AL = the label's row or file; AH = the cursor's
; OUT: text colours chosen
; CHG: nothing else
draw_label_colours:
        push ax
        cmp al, ah
        mov ah, PAL_TEXT_HI
        je .set
        mov ah, PAL_TEXT
.set:   mov al, PAL_BACKDROP
        call video_colours
        pop ax
        ret

; draw_help -- the key help under the board, and its Move now key beside the file letters
; IN:  nothing
; OUT: the help lines drawn
; CHG: nothing
draw_help:
        pusha
        mov ax, (PAL_TEXT_DIM << 8) | PAL_BACKDROP
        call video_colours
        mov si, help_text
        mov dx, HELP_Y
        mov cx, HELP_COLS
.line:  xor bx, bx
        call video_text
.skip:  lodsb                       ; to the next line
        test al, al
        jnz .skip
        add dx, FONT_H
        cmp dx, HELP_Y + HELP_LINES * FONT_H
        jb .line
        mov si, help_move_now
        mov bx, HELP_NOW_X
        mov dx, HELP_NOW_Y
        mov cx, HELP_NOW_COLS
        call video_text
        popa
        ret

; draw_panel_line -- one line of text in the panel, blank to the panel's edge
; IN:  SI -> the text (0-terminated); AL = the panel line; AH = the ink
; OUT: the line drawn
; CHG: nothing
draw_panel_line:
        push cx
        mov cx, PANEL_COLS
        call draw_panel_cut
        pop cx
        ret

; draw_panel_cut -- draw_panel_line of the text's first CX characters at most
; IN:  SI -> the text; CX = the characters, <= PANEL_COLS; AL = the panel line; AH = the ink
; OUT: the line drawn, blank past them
; CHG: nothing
draw_panel_cut:
        pusha
        movzx dx, al
        imul dx, dx, LINE_PX
        add dx, PANEL_Y
        mov al, PAL_BACKDROP
        call video_colours
        mov bx, PANEL_X
        call video_text
        neg cx
        add cx, PANEL_COLS          ; blanks to the panel's edge
        mov si, text_none
        call video_text
        popa
        ret

; ---------------------------------------------------------------------------------------
; The panel: who is to move, the announcement, the players and the level, the thinking
; indicator, a message, the move being typed, the move list.

        section .data
text_title      db "Liberman Chess", 0
text_white_moves db "White to move", 0
text_black_moves db "Black to move", 0
text_white_wins db "White wins 1-0", 0
text_black_wins db "Black wins 0-1", 0
text_drawn      db "Drawn 1/2-1/2", 0
text_white_on_time db "White wins on time", 0
text_black_on_time db "Black wins on time", 0
text_thinking   db "Thinking...", 0
text_level      db "Level ", 0
text_level_depth db ": depth ", 0
text_level_secs db " s", 0
text_typing     db "Move: ", 0
text_ellipsis   db "..", 0
text_white_is   db "W:", 0
text_black_is   db " B:", 0
player_names    dw text_human, text_cpu ; by PLAYER_*
text_human      db "Human", 0
text_cpu        db "CPU", 0
text_hash       db "Hash ", 0
text_kib        db " KiB", 0
text_mib        db " MiB", 0

        section .bss
; panel_text (a panel line being put together, cut at PANEL_COLS) lies in mode_work, with
; game.asm's other fields there

        section .text

; draw_panel -- every line of the panel
; IN:  the game (game.asm) and the display state
; OUT: the panel drawn
; CHG: nothing
draw_panel:
        pushad
        mov si, text_title
        mov ax, (PAL_TEXT_DIM << 8) | PANEL_TITLE
        call draw_panel_line
        call draw_side_text
        mov ax, (PAL_TEXT << 8) | PANEL_SIDE
        call draw_panel_line
        movzx bx, byte [engine_status]
        shl bx, 1
        mov si, [status_texts + bx]
        mov ax, (PAL_TEXT_HI << 8) | PANEL_STATUS
        call draw_panel_line
        mov di, panel_text          ; W:Human B:CPU
        mov si, text_white_is
        mov bx, WHITE >> COLOUR_SHIFT
        call draw_player
        mov si, text_black_is
        mov bx, BLACK >> COLOUR_SHIFT
        call draw_player
        mov si, panel_text
        mov ax, (PAL_TEXT << 8) | PANEL_PLAYERS
        call draw_panel_line
        mov di, panel_text          ; "Level 4: 3 s", "Level 1: depth 1", "Clock 5+0"
        call chessclock_row
        mov si, [bx + time_control.name]
        cmp byte [clock_choice], TIME_CONTROL_NONE
        jne .clock
        mov si, text_level
        call text_append
        movzx eax, byte [level]
        call text_number
        call draw_level_limit
        mov si, panel_text
        jmp .level
.clock: cmp byte [thinking], 0      ; the clocks keep their line: the thinking words
        je .level                   ; take the time control's
        mov si, text_thinking
.level: mov ax, (PAL_TEXT << 8) | PANEL_LEVEL
        call draw_panel_line
        call draw_clock_line
        call draw_message
        call draw_typing
        call draw_move_list
        popad
        ret

; draw_clock_line -- the panel's chess clocks under a time control; else the thinking
;                    words while the computer thinks
; IN:  the clocks, [clock_choice], [thinking]
; OUT: the line drawn
; CHG: EAX, EBX, EDX, SI, DI
draw_clock_line:
        mov si, text_thinking
        cmp byte [clock_choice], TIME_CONTROL_NONE
        jne .clocks
        cmp byte [thinking], 0
        jne .draw
.clocks:
        mov di, panel_text
        call chessclock_text
        mov si, panel_text
.draw:  mov ax, (PAL_TEXT_HI << 8) | PANEL_THINKING
        jmp draw_panel_line

; draw_level_limit -- add what the level means: ": 3 s" or ": depth 1"
; IN:  DI -> the end of the panel text; [level]
; OUT: DI -> its new end (the 0 stored)
; CHG: EAX, SI
draw_level_limit:
        push ebx
        push edx
        movzx bx, byte [level]
        shl bx, LEVEL_SHIFT
        movzx eax, word [level_limits + bx - (LEVEL_MIN << LEVEL_SHIFT) + level_entry.ms]
        test eax, eax
        jz .depth
        mov byte [di], ':'
        inc di
        mov byte [di], ' '
        inc di
        xor edx, edx
        mov ebx, MS_PER_SECOND
        div ebx
        call text_number
        mov si, text_level_secs
        call text_append
        jmp .done
.depth: mov si, text_level_depth
        call text_append
        movzx eax, word [level_limits + bx - (LEVEL_MIN << LEVEL_SHIFT) + level_entry.depth]
        call text_number
.done:  pop edx
        pop ebx
        ret

; draw_player -- a colour's label and who plays it, added to a panel line
; IN:  SI -> the label ("W:"); BX = the colour >> COLOUR_SHIFT; DI -> where it goes
; OUT: DI -> the 0 after it
; CHG: AL, BX, SI
draw_player:
        call text_append
        movzx bx, byte [players + bx]
        shl bx, 1                   ; a word a name
        mov si, [player_names + bx]
        jmp text_append

; draw_side_text -- who is to move; once the game is over, who won or that it is drawn
; IN:  [engine_side], [engine_status]
; OUT: SI -> the text
; CHG: nothing else
draw_side_text:
        cmp byte [chess_flag], 0
        je .board
        mov si, text_drawn
        call chessclock_drawn
        jc .done
        mov si, text_white_on_time  ; the flag of the side to move fell
        cmp byte [engine_side], BLACK
        je .done
        mov si, text_black_on_time
        ret
.board: mov si, text_drawn
        cmp byte [engine_status], STATUS_OVER
        jb .moves
        cmp byte [engine_status], STATUS_MATE
        jne .done
        mov si, text_black_wins     ; the side to move is mated
        cmp byte [engine_side], WHITE
        je .done
        mov si, text_white_wins
        ret
.moves: mov si, text_white_moves
        cmp byte [engine_side], WHITE
        je .done
        mov si, text_black_moves
.done:  ret

; draw_message -- the message over MESSAGE_LINES lines, PANEL_COLS characters each
; IN:  [message] -> the text, or 0
; OUT: the message lines drawn
; CHG: nothing
draw_message:
        pusha
        mov si, [message]
        test si, si
        jnz .lines
        mov si, text_none
.lines: mov ax, (PAL_TEXT_HI << 8) | PANEL_MESSAGE
.line:  call message_part
        call draw_panel_cut
        add si, cx                  ; on to the next line's part, past the space the
        cmp byte [si], SPACE        ; line was broken at
        jne .next
        inc si
.next:  inc al
        cmp al, PANEL_MESSAGE + MESSAGE_LINES
        jb .line
        popa
        ret

; message_part -- how much of a message one panel line shows: all of it when it fits,
;                 else up to the last space within PANEL_COLS + 1 characters (no word
;                 cut in two), else PANEL_COLS characters
; IN:  SI -> the text, 0-terminated
; OUT: CX = the characters of this line
; CHG: nothing else
message_part:
        push ax
        push bx
        push si
        xor cx, cx
        mov bx, PANEL_COLS          ; no space: the text cut at the edge
.scan:  mov al, [si]
        test al, al
        jz .done                    ; it fits: CX characters
        cmp al, SPACE
        jne .on
        mov bx, cx                  ; a break before this space
.on:    cmp cx, PANEL_COLS
        jae .cut
        inc cx
        inc si
        jmp .scan
.cut:   mov cx, bx
.done:  pop si
        pop bx
        pop ax
        ret

; draw_typing -- the move being typed, with a cursor: "Move: e2e4_"
; IN:  input_buf, [input_len]
; OUT: the input line drawn
; CHG: nothing
draw_typing:
        pusha
        mov si, text_none
        movzx cx, byte [input_len]
        jcxz .draw
        mov di, panel_text
        mov si, text_typing
        call text_append
        mov si, input_buf
.copy:  lodsb
        mov [di], al
        inc di
        loop .copy
        mov word [di], '_'          ; the typing cursor and the 0
        mov si, panel_text
.draw:  mov ax, (PAL_TEXT << 8) | PANEL_INPUT
        call draw_panel_line
        popa
        ret

; draw_move_list -- the last MOVE_LIST_LINES moves of the record, a move a line:
;                   "12.Nf3 Nc6", "1...e5" when the game began with black to move; on
;                   the last line, while the moves leave it empty, the hash table's size
; IN:  the record, [hash_kib] (game.asm)
; OUT: the move list lines drawn
; CHG: nothing
draw_move_list:
        pusha
        movzx dx, byte [engine_start_black] ; DX = the lines the record fills
        add dx, [engine_plies]
        inc dx
        shr dx, 1
        xor cx, cx                  ; CX = the first line shown
        cmp dx, MOVE_LIST_LINES
        jbe .lines
        mov cx, dx
        sub cx, MOVE_LIST_LINES
.lines: mov al, PANEL_MOVES
.line:  mov si, text_none
        mov ah, PAL_TEXT
        cmp cx, dx
        jb .move
        cmp al, PANEL_MOVES + MOVE_LIST_LINES - 1
        jne .draw
        call draw_hash_text         ; the last line, while the moves leave it empty
        mov ah, PAL_TEXT_DIM
        jmp .draw
.move:  call draw_move_line
        mov si, panel_text
.draw:  call draw_panel_line
        inc cx
        inc al
        cmp al, PANEL_MOVES + MOVE_LIST_LINES
        jb .line
        popa
        ret

; draw_hash_text -- the hash table's size: "Hash 4 MiB", or "Hash 128 KiB" in
;                   conventional memory
; IN:  [hash_kib]
; OUT: SI -> the text in panel_text
; CHG: nothing else
draw_hash_text:
        push eax
        push di
        mov di, panel_text
        mov si, text_hash
        call text_append
        movzx eax, word [hash_kib]
        mov si, text_kib
        cmp ax, 1 << KIB_SHIFT
        jb .number
        shr ax, KIB_SHIFT
        mov si, text_mib
.number:
        call text_number
        call text_append
        mov si, panel_text
        pop di
        pop eax
        ret

; draw_move_line -- one line of the move list into panel_text
; IN:  CX = the line (0 = the first move of the record)
; OUT: panel_text = "12.Nf3 Nc6"
; CHG: nothing
draw_move_line:
        pushad
        mov di, panel_text
        movzx eax, cx
        add eax, [engine_start_fullmove]
        call text_number
        mov byte [di], '.'
        inc di
        mov bx, cx                  ; BX = white's ply of the line
        shl bx, 1
        movzx ax, byte [engine_start_black]
        sub bx, ax
        jae .white
        mov si, text_ellipsis       ; the record began with black's move
        call text_append
        jmp .black
.white: call draw_move_san
.black: inc bx
        cmp bx, [engine_plies]
        jae .done
        mov byte [di], SPACE
        inc di
        call draw_move_san
.done:  mov byte [di], 0
        popad
        ret

; draw_move_san -- a ply's SAN from the record, added to a line
; IN:  BX = the ply; DI -> where it goes
; OUT: DI -> the 0 after it
; CHG: AL, SI
draw_move_san:
        call game_san_fetch
        jmp text_append
