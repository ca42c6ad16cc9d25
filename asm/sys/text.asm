; text.asm -- text the engine reads and writes: the one parser and the one printer of
; square names (a8 .. h1), the one decimal printer, piece letters, the one copier of a
; text, and the small scanners the jobs, the FEN reader and the command line share.
; New: not in Liberman's texts.

        section .text

; text_append -- copy a 0-terminated text to the end of a buffer (a panel line, a message)
; IN:  SI -> the text; DI -> where it goes
; OUT: DI -> the 0 stored after it
; CHG: AL, SI
text_append:
        lodsb
        mov [di], al
        test al, al
        jz .done
        inc di
        jmp text_append
.done:  ret

; text_is_space -- is a character white space (space, TAB, LF, VT, FF, CR)?
; IN:  AL = the character
; OUT: ZF set if it is
; CHG: nothing
text_is_space:
        cmp al, SPACE
        je .done
        cmp al, TAB
        jb .no
        cmp al, LAST_CONTROL_WS
        ja .no
        cmp al, al                  ; ZF set
        ret
.no:    cmp al, SPACE               ; ZF clear: AL is not a space
.done:  ret

; text_is_printable -- is a character printable ASCII (SPACE .. '~')?
; IN:  AL = the character
; OUT: CF clear if it is, set if not
; CHG: nothing
text_is_printable:
        cmp al, SPACE
        jb .done                    ; CF set: a control character
        cmp al, LAST_PRINTABLE + 1
        cmc                         ; CF set: DEL or above
.done:  ret

; text_skip_space -- step over white space
; IN:  SI -> text
; OUT: SI -> the first character that is not white space (possibly the 0 at the end)
; CHG: nothing else
text_skip_space:
        push ax
.next:  mov al, [si]
        call text_is_space
        jne .done
        inc si
        jmp .next
.done:  pop ax
        ret

; text_end_of_word -- does a word end here (white space or the end of the text)?
; IN:  AL = the character after the word
; OUT: ZF set if it does
; CHG: nothing
text_end_of_word:
        test al, al
        jz .done
        call text_is_space
.done:  ret

; text_match_word -- does the text start with a given word, followed by white space or
;                    the end?
; IN:  SI -> text; BX -> the 0-terminated word
; OUT: CF clear and SI past the word if it does; CF set and SI unchanged if not
; CHG: nothing else
text_match_word:
        push ax
        push bx
        push si
.next:  mov al, [bx]
        test al, al
        jz .end
        cmp al, [si]
        jne .no
        inc bx
        inc si
        jmp .next
.end:   mov al, [si]
        call text_end_of_word
        jne .no
        add sp, 2                   ; keep the advanced SI
        pop bx
        pop ax
        clc
        ret
.no:    pop si
        pop bx
        pop ax
        stc
        ret

; text_read_number -- read an unsigned decimal word: digits up to white space or the end
; IN:  SI -> text
; OUT: CF clear, EAX = the value, SI past the digits; CF set (SI unchanged) if the word
;      is empty, holds anything but digits, or is above 0FFFFFFFFh (refused, never
;      saturated: a saturated number would pass as the largest of a range)
; CHG: nothing else
text_read_number:
        push ecx
        push edx
        push bx
        xor eax, eax
        mov bx, si
.digit: movzx ecx, byte [si]
        sub cl, '0'
        cmp cl, DECIMAL_BASE - 1
        ja .end
        mov edx, DECIMAL_BASE
        mul edx                     ; unsigned: CF set when EDX:EAX is past 32 bits
        jc .bad
        add eax, ecx
        jc .bad
        inc si
        jmp .digit
.end:   cmp si, bx
        je .bad                     ; no digit at all
        push ax
        mov al, [si]
        call text_end_of_word
        pop ax
        jne .bad
        pop bx
        pop edx
        pop ecx
        clc
        ret
.bad:   mov si, bx
        pop bx
        pop edx
        pop ecx
        stc
        ret

; text_square -- a square's name (e4) into a buffer
; IN:  AL = the square (bits above SQUARE_MASK ignored); DI -> the buffer (DS)
; OUT: two characters stored; DI advanced past them
; CHG: nothing else
text_square:
        push ax
        and al, SQUARE_MASK
        mov ah, al
        and al, FILE_MASK
        add al, 'a'
        mov [di], al
        shr ah, ROW_SHIFT
        mov al, '8'                 ; row 0 is rank 8
        sub al, ah
        mov [di + 1], al
        add di, 2
        pop ax
        ret

; text_read_square -- read a square's name (a file letter a-h, a rank digit 1-8)
; IN:  SI -> the two characters
; OUT: CF clear: AL = the square, SI advanced by 2; CF set: not a square's name (SI
;      unchanged)
; CHG: AH
text_read_square:
        mov ax, [si]                ; AL = the file letter, AH = the rank digit
        sub al, 'a'
        cmp al, FILE_H
        ja .bad
        sub ah, '1'                 ; AH = rank - 1
        cmp ah, RANKS - 1
        ja .bad
        neg ah                      ; row 0 is rank 8
        add ah, RANKS - 1
        shl ah, ROW_SHIFT
        or al, ah
        add si, 2
        clc
        ret
.bad:   stc
        ret

; text_piece_letter -- the upper-case letter of a piece kind (R N B Q K P)
; IN:  AL = a square byte or a piece code (only PIECE_MASK bits are read)
; OUT: AL = the letter
; CHG: nothing else
text_piece_letter:
        push bx
        movzx bx, al
        and bl, PIECE_MASK
        mov al, [piece_letters + bx]
        sub al, CASE_BIT
        pop bx
        ret

; text_number -- an unsigned 32-bit number in decimal into a buffer
; IN:  EAX = the number; DI -> the buffer (DS)
; OUT: the digits stored, 0-terminated; DI -> the 0
; CHG: nothing else
text_number:
        push edx
        xor edx, edx
        call text_number64
        pop edx
        ret

; text_number64 -- an unsigned 64-bit number in decimal into a buffer (the one decimal
;                  printer: the result file, the panel, the log and the save file)
; IN:  EDX:EAX = the number; DI -> the buffer (DS), DECIMAL_DIGITS + 1 bytes of room
; OUT: the digits stored, 0-terminated; DI -> the 0
; CHG: nothing else
text_number64:
        push eax
        push ebx
        push ecx
        push edx
        push esi
        push ebp
        mov ecx, DECIMAL_BASE
        xor bx, bx
.digit: mov esi, eax                ; divide EDX:EAX by 10, high dword first
        mov eax, edx
        xor edx, edx
        div ecx
        mov ebp, eax                ; the high dword of the quotient
        mov eax, esi
        div ecx                     ; EDX = the high remainder:low dword, < 10 * 2^32
        push dx                     ; the digits come out last first: stack them
        inc bx
        mov edx, ebp
        mov esi, eax
        or esi, edx
        jnz .digit
.put:   pop ax
        add al, '0'
        mov [di], al
        inc di
        dec bx
        jnz .put
        mov byte [di], 0
        pop ebp
        pop esi
        pop edx
        pop ecx
        pop ebx
        pop eax
        ret
