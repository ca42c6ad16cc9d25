; video.asm -- mode 13h: the palette, filled rectangles, frames and text in the BIOS 8x8
; font (Liberman drew his board in a 256-colour mode: COULEURUN / COULEURDEUX chose the
; colour, UNCARRE laid a plain square).  Every routine here writes through ES = the VGA
; segment and gives the caller's ES back.

; video.asm: a character of the BIOS font is FONT_H bytes (sys/sys.inc)
FONT_H_SHIFT    equ 3
%if 1 << FONT_H_SHIFT != FONT_H
%error "FONT_H_SHIFT shifts by FONT_H"
%endif

; video.asm: a DAC entry
RGB_BYTES       equ 3

        section .data

; ---------------------------------------------------------------------------------------
; palette -- the DAC values the game loads, one entry per PAL_* index (game/game.inc), in
; index order: red, green, blue, 0..63 each.  The harness reads it through the symbol
; map to tell the colours on a screenshot apart.
palette:
        db  4,  4, 12               ; PAL_BACKDROP   dark blue
        db 42, 42, 42               ; PAL_GREY       Liberman's grey square
        db  8, 40,  8               ; PAL_GREEN      his vivid green square
        db 56, 54, 30               ; PAL_GREY_LIT   a grey square of the last move
        db 30, 52, 14               ; PAL_GREEN_LIT  a green square of the last move
        db 63, 46,  8               ; PAL_PICKED     the square of the piece picked up
        db 63,  6,  6               ; PAL_CURSOR     the cursor frame
        db 63, 63, 63               ; PAL_WHITE_BODY
        db  0,  0,  0               ; PAL_WHITE_LINE
        db  6,  6,  6               ; PAL_BLACK_BODY
        db  0,  0,  0               ; PAL_BLACK_LINE
        db 54, 54, 54               ; PAL_TEXT
        db 63, 63, 16               ; PAL_TEXT_HI
        db 34, 36, 44               ; PAL_TEXT_DIM
        db 50, 50, 50               ; PAL_MARK
        db 20, 44, 63               ; PAL_HINT       a hint's squares, sky blue
palette_end:
%if palette_end - palette != PAL_ENTRIES * RGB_BYTES
%error "the palette needs one entry per PAL_* index"
%endif

        section .bss

font_ptr        resd 1              ; far pointer to the BIOS 8x8 font (offset, segment)
text_ink        resb 1              ; colours of video_text: the letters
text_paper      resb 1              ; and the cell behind them

        section .text

; video_init -- switch to mode 13h, load the palette, find the BIOS 8x8 font
; IN:  nothing
; OUT: the screen cleared to PAL_BACKDROP; [font_ptr]
; CHG: AX, BX, CX, DX, SI
video_init:
        mov ax, (VIDEO_SET_MODE << 8) | VIDEO_MODE_13H
        int BIOS_VIDEO
        push es
        push bp
        mov ax, VIDEO_FONT_INFO
        mov bh, FONT_8X8
        int BIOS_VIDEO
        mov [font_ptr], bp
        mov [font_ptr + 2], es
        pop bp
        pop es
        mov dx, DAC_WRITE_INDEX
        xor al, al
        out dx, al
        inc dx                      ; DAC_DATA: the index counts up by itself
        mov si, palette
        mov cx, PAL_ENTRIES * RGB_BYTES
.load:  lodsb
        out dx, al
        loop .load
        xor bx, bx
        xor dx, dx
        mov cx, SCREEN_W
        mov si, SCREEN_H
        mov al, PAL_BACKDROP
        jmp video_fill

; video_restore -- back to the 80x25 text mode DOS expects
; IN:  nothing
; OUT: text mode, screen cleared
; CHG: AX
video_restore:
        mov ax, (VIDEO_SET_MODE << 8) | VIDEO_MODE_TEXT
        int BIOS_VIDEO
        ret

; video_address -- the offset of a pixel in the VGA segment
; IN:  BX = x, DX = y
; OUT: DI = y * SCREEN_W + x
; CHG: nothing else
video_address:
        push dx
        imul di, dx, SCREEN_W
        add di, bx
        pop dx
        ret

; video_fill -- fill a rectangle with one colour (Liberman: UNCARRE)
; IN:  BX = x, DX = y, CX = width, SI = height, AL = colour
; OUT: the rectangle drawn
; CHG: nothing else
video_fill:
        push es
        push di
        push si
        push dx
        push VGA_SEGMENT
        pop es
        call video_address
.row:   push cx
        push di
        rep stosb
        pop di
        pop cx
        add di, SCREEN_W
        dec si
        jnz .row
        pop dx
        pop si
        pop di
        pop es
        ret

; video_frame -- a frame of CURSOR_PX pixels just inside a square's edge
; IN:  BX = x, DX = y of the square; AL = colour
; OUT: the frame drawn
; CHG: nothing else
video_frame:
        push cx
        push si
        push dx
        push bx
        mov cx, SQUARE_PX
        mov si, CURSOR_PX
        call video_fill             ; top
        add dx, SQUARE_PX - CURSOR_PX
        call video_fill             ; bottom
        sub dx, SQUARE_PX - CURSOR_PX
        mov cx, CURSOR_PX
        mov si, SQUARE_PX
        call video_fill             ; left
        add bx, SQUARE_PX - CURSOR_PX
        call video_fill             ; right
        pop bx
        pop dx
        pop si
        pop cx
        ret

; video_colours -- choose the colours of the text that follows
; IN:  AH = ink, AL = paper
; OUT: [text_ink], [text_paper]
; CHG: nothing else
video_colours:
        mov [text_ink], ah
        mov [text_paper], al
        ret

; video_char -- one character of the BIOS 8x8 font, ink on paper
; IN:  AL = character (0..127), BX = x, DX = y; [text_ink], [text_paper]
; OUT: BX = x of the next cell
; CHG: nothing else
video_char:
        push es
        push fs
        push di
        push si
        push cx
        push ax
        push VGA_SEGMENT
        pop es
        lfs si, [font_ptr]
        movzx ax, al
        shl ax, FONT_H_SHIFT        ; FONT_H bytes a character
        add si, ax
        call video_address
        mov ch, FONT_H
.row:   mov ah, [fs:si]
        inc si
        mov cl, FONT_W
.pixel: mov al, [text_paper]
        shl ah, 1                   ; the leftmost pixel is bit 7
        jnc .put
        mov al, [text_ink]
.put:   stosb
        dec cl
        jnz .pixel
        add di, SCREEN_W - FONT_W
        dec ch
        jnz .row
        add bx, FONT_W
        pop ax
        pop cx
        pop si
        pop di
        pop fs
        pop es
        ret

; video_text -- a zero-terminated string in a field of fixed width: the string, then
;               blanks to the field's end, so that a shorter text hides a longer one
; IN:  SI -> the string; CX = field width in characters (a longer string is cut);
;      BX = x, DX = y; [text_ink], [text_paper]
; OUT: BX = x after the field
; CHG: nothing else
video_text:
        push si
        push cx
        push ax
        jcxz .done
.char:  lodsb
        test al, al
        jz .blanks
        call video_char
        loop .char
        jmp .done
.blanks:
        mov al, SPACE
.blank: call video_char
        loop .blank
.done:  pop ax
        pop cx
        pop si
        ret
