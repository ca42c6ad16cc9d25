; input.asm -- the keyboard (BIOS INT 16h) and the mouse (INT 33h), turned into the
; events the game reads: a key, or a click on a square.  (Liberman moved a coordinates
; indicator with the keys and took or put a piece with ENTER or the bar.)
; Its routines are new: the BIOS and the mouse driver replace his key loop.

        section .bss

mouse_present   resb 1              ; nonzero: a mouse driver answered the reset
mouse_shown     resb 1              ; nonzero: the pointer is on the screen (in use)
mouse_seen      resd 1              ; where it was at the last look: CX, DX of MOUSE_STATUS
mouse_moved_at  resd 1              ; the BIOS tick of its last move

; The pointer shows while the mouse is in use: from a move until a key, or until it has
; rested this long.  Hidden, it keeps one hide of the driver's count beyond the pairs
; the drawing makes (mouse_hide, mouse_show).
MOUSE_IDLE_TICKS equ 55             ; three seconds

        section .text

; mouse_init -- reset the mouse driver, if there is one; range it over the screen, park
;               the pointer in the panel (off the board), hidden until the mouse moves
; IN:  nothing
; OUT: [mouse_present], [mouse_shown], [mouse_seen]
; CHG: AX, BX, CX, DX
mouse_init:
        mov byte [mouse_shown], 0   ; the reset leaves the pointer hidden
        mov ax, MOUSE_RESET
        int MOUSE_INT
        cmp ax, MOUSE_PRESENT
        jne .none
        mov byte [mouse_present], 1
        mov ax, MOUSE_X_RANGE
        xor cx, cx
        mov dx, (SCREEN_W << MOUSE_X_SHIFT) - 1
        int MOUSE_INT
        mov ax, MOUSE_Y_RANGE
        xor cx, cx
        mov dx, SCREEN_H - 1
        int MOUSE_INT
        mov ax, MOUSE_SET_POS       ; where the panel's short level line leaves room
        mov cx, (SCREEN_W - FONT_W) << MOUSE_X_SHIFT
        mov dx, PANEL_Y + PANEL_LEVEL * LINE_PX
        int MOUSE_INT
        mov ax, MOUSE_STATUS
        int MOUSE_INT
        mov [mouse_seen], cx
        mov [mouse_seen + 2], dx
        ret
.none:  mov byte [mouse_present], 0
        ret

; mouse_show, mouse_hide -- the driver draws its pointer into video memory: hide it
;                           while drawing, show it after
; IN:  [mouse_present]
; OUT: the pointer shown / hidden (the driver counts: calls must pair)
; CHG: nothing
mouse_show:
        push ax
        mov ax, MOUSE_SHOW
        jmp mouse_call
mouse_hide:
        push ax
        mov ax, MOUSE_HIDE
mouse_call:
        cmp byte [mouse_present], 0
        je .done
        int MOUSE_INT
.done:  pop ax
        ret

; input_poll -- what the player did since the last look, without waiting.  The mouse
;              driver counts the presses and releases of the left button, so a click
;              shorter than the time between two looks is seen too.
; IN:  [flipped] (to find the square under the pointer)
; OUT: AL = INPUT_NONE; or AL = INPUT_KEY, DX = the key (DH scan code, DL ASCII, 0 for
;      an extended key); or AL = INPUT_CLICK (the left button pressed) or INPUT_RELEASE
;      (let go, and not pressed again since), BL = the square where (NO_SQUARE off the
;      board)
; CHG: AH, BX, CX, DX
input_poll:
        mov ah, KEY_PEEK
        int BIOS_KEYBOARD
        jz .mouse
        mov ah, KEY_READ
        int BIOS_KEYBOARD
        mov dx, ax
        call mouse_pointer_off      ; the keys are in use, not the mouse
        mov al, INPUT_KEY
        ret
.mouse: cmp byte [mouse_present], 0
        je .none
        call mouse_watch
        mov ax, MOUSE_PRESSES
        mov bx, MOUSE_BUTTON_LEFT
        int MOUSE_INT
        test bx, bx
        mov al, INPUT_CLICK
        jnz .where
        mov ax, MOUSE_RELEASES
        mov bx, MOUSE_BUTTON_LEFT
        int MOUSE_INT
        test bx, bx
        mov al, INPUT_RELEASE
        jz .none
.where: push ax
        shr cx, MOUSE_X_SHIFT
        call input_square_at
        pop ax
        ret
.none:  mov al, INPUT_NONE
        ret

; mouse_watch -- show the pointer when the mouse has moved since the last look; hide it
;                when it has rested MOUSE_IDLE_TICKS
; IN:  [mouse_present] set; [mouse_seen], [mouse_moved_at], [mouse_shown]
; OUT: the pointer shown or hidden; [mouse_seen], [mouse_moved_at]
; CHG: nothing
mouse_watch:
        pushad
        mov ax, MOUSE_STATUS
        int MOUSE_INT
        call timer_ticks            ; EAX = now
        cmp cx, [mouse_seen]
        jne .moved
        cmp dx, [mouse_seen + 2]
        jne .moved
        sub eax, [mouse_moved_at]   ; a wrap at midnight hides it at once
        cmp eax, MOUSE_IDLE_TICKS
        jb .done
        call mouse_pointer_off
        jmp .done
.moved: mov [mouse_seen], cx
        mov [mouse_seen + 2], dx
        mov [mouse_moved_at], eax
        cmp byte [mouse_shown], 0
        jne .done
        mov byte [mouse_shown], 1
        mov ax, MOUSE_SHOW          ; out of the drawing's pairs: the extra hide undone
        int MOUSE_INT
.done:  popad
        ret

; mouse_pointer_off -- hide the pointer until the mouse moves again (an extra hide of the
;                      driver's count, outside the drawing's pairs)
; IN:  [mouse_shown], [mouse_present]
; OUT: [mouse_shown] = 0
; CHG: nothing
mouse_pointer_off:
        cmp byte [mouse_shown], 0
        je .done
        mov byte [mouse_shown], 0
        call mouse_hide
.done:  ret

; input_square_at -- the square under a screen point, the board normal or reversed
; IN:  CX = x, DX = y; [flipped]; [variant]
; OUT: BL = the square, or NO_SQUARE off the board in play
; CHG: AX, CX, DX
input_square_at:
        mov bl, NO_SQUARE
        sub cx, BOARD_X
        jb .done
        cmp cx, BOARD_PX
        jae .done
        sub dx, BOARD_Y
        jb .done
        cmp dx, BOARD_PX
        jae .done
        mov ax, dx
        mov dl, SQUARE_PX
        div dl                      ; AL = the row on the screen
        xchg ax, cx                 ; CL = the row, AX = x
        div dl                      ; AL = the column on the screen
        mov ah, cl
        call draw_cell_square
        jnc .done
        mov bl, NO_SQUARE
.done:  ret
