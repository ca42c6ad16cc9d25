; stackmeter.asm -- the stack-measuring build (nasm -DSTACK_METER; ts-harness/lab/bench/stack.ts):
; its start zeroes the stack with the bss (all of it but the top STACK_METER_KEPT bytes,
; where the start's own return addresses may sit), and its exit prints the zero bytes
; left at the stack's bottom on stdout, four hex digits.  The stack used is STACK_BYTES
; less those (a push of zeros reads as unused, so the figure can be low by the few bytes
; of such a push at the very deepest point).
; New: not in Liberman's texts.

HEX_DIGITS_WORD equ 4
HEX_DIGIT_BITS  equ 4
HEX_DIGIT_MASK  equ 0Fh

; stack_meter_report -- print the bytes at the stack's bottom never written, in hex
; IN:  the stack as the program left it
; OUT: four hex digits on stdout
; CHG: nothing
stack_meter_report:
        pusha
        mov di, stack_bottom
.scan:  cmp byte [di], 0
        jne .found
        inc di
        jmp .scan
.found: sub di, stack_bottom
        mov cx, HEX_DIGITS_WORD
.digit: rol di, HEX_DIGIT_BITS
        mov dx, di
        and dl, HEX_DIGIT_MASK
        add dl, '0'
        cmp dl, '9'
        jbe .put
        add dl, 'A' - '9' - 1
.put:   mov ah, DOS_PUT_CHAR
        int DOS
        loop .digit
        popa
        ret
