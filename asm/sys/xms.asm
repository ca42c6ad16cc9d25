; xms.asm -- extended memory for the hash table (search/ttable.asm) and the mate logic's
; proven results (logic/matetable.asm): blocks of XMS (HIMEM.SYS, or DOSBox's and
; js-dos's own driver) locked at a linear address, one a table (its xms_block record),
; and the 386's flat real mode ("unreal mode") to reach them: ES, FS and GS are loaded
; once in protected mode with a descriptor of base 0 and a 4 GiB limit, and back in real
; mode a segment load changes only the base, so [gs:ebx] with GS = 0 reaches any byte of
; a block, and [fs:ebx] any byte at EBX past FS's base.  Where the CPU runs in virtual
; 8086 mode (EMM386 or another V86 monitor: protected mode is not ours to enter), where
; there is no XMS driver, or where it has too little memory, nothing changes and the
; table stays in conventional memory.
; New: not in Liberman's texts.

XMS_MULTIPLEX   equ 2Fh             ; INT 2Fh: the XMS driver's presence and entry
XMS_INSTALLED_AX equ 4300h          ; AL = XMS_PRESENT when a driver is loaded
XMS_PRESENT     equ 80h
XMS_ENTRY_AX    equ 4310h           ; ES:BX = the driver's far entry
XMS_LOCAL_A20_ON  equ 05h           ; the driver's functions (AH), eXtended Memory
XMS_LOCAL_A20_OFF equ 06h           ; Specification 3.0
XMS_QUERY_FREE  equ 08h             ; AX = the largest free block in KiB
XMS_ALLOCATE    equ 09h             ; DX = KiB; AX = 1, DX = the handle
XMS_FREE        equ 0Ah             ; DX = the handle
XMS_LOCK        equ 0Ch             ; DX = the handle; AX = 1, DX:BX = its linear address
XMS_UNLOCK      equ 0Dh
CR0_PE          equ 1               ; CR0's (and the MSW's) protected-mode bit
FLAT_SELECTOR   equ 8               ; xms_gdt's data descriptor

        section .data

; xms_gdt -- the descriptors of the one trip into protected mode: the null descriptor
; and a data segment of base 0, limit 4 GiB (granularity 4 KiB), present, writable.
        align 8
xms_gdt:
        dq 0
        dw 0FFFFh, 0                ; limit 15..0, base 15..0
        db 0, 92h, 0CFh, 0          ; base 23..16, present data RW, G D limit 19..16, base 31..24
XMS_GDT_BYTES   equ $ - xms_gdt
xms_gdtr:
        dw XMS_GDT_BYTES - 1
        dd 0                        ; xms_gdt's linear address, set before LGDT

        section .bss

xms_entry       resd 1              ; the driver's far entry
xms_why         resb 1              ; the reason of the last refusal (XMS_NOT_ASKED ...)

        section .text

; xms_open -- a block of extended memory of AX KiB (or the largest power of two from
;             1 MiB that is free), locked and reachable through unreal mode; the
;             record's earlier block is given back first
; IN:  AX = KiB wanted, a power of two from XMS_MIN_KIB to XMS_MAX_KIB; SI -> the
;      block's record (xms_block)
; OUT: CF clear: [si + xms_block.linear] -> the block (as the driver left it), .kib its
;      size, A20 on, ES, FS, GS with 4 GiB limits (their values as before); CF set: AL =
;      [xms_why], the reason, .linear 0
; CHG: AX
xms_open:
        pushad
        push es
        mov bp, ax                  ; BP = the KiB wanted
        call xms_close
        mov byte [xms_why], XMS_V86
        smsw ax
        test al, CR0_PE
        jnz .refused
        mov byte [xms_why], XMS_NO_DRIVER
        mov ax, XMS_INSTALLED_AX
        int XMS_MULTIPLEX
        cmp al, XMS_PRESENT
        jne .refused
        mov ax, XMS_ENTRY_AX
        int XMS_MULTIPLEX
        mov [xms_entry], bx
        mov [xms_entry + 2], es
        mov byte [xms_why], XMS_NO_MEMORY
        mov ah, XMS_QUERY_FREE
        call far [xms_entry]
.fit:   cmp ax, bp                  ; halve the wish until it fits what is free
        jae .allocate
        shr bp, 1
        cmp bp, XMS_MIN_KIB
        jae .fit
        jmp .refused
.allocate:
        mov dx, bp
        mov ah, XMS_ALLOCATE
        call far [xms_entry]
        cmp ax, 1
        jne .refused
        mov [si + xms_block.handle], dx
        mov ah, XMS_LOCK
        call far [xms_entry]
        cmp ax, 1
        jne .give_back
        mov [si + xms_block.linear], bx
        mov [si + xms_block.linear + 2], dx
        mov ah, XMS_LOCAL_A20_ON
        call far [xms_entry]
        cmp ax, 1
        jne .unlock
        mov [si + xms_block.kib], bp
        call xms_unreal
        pop es
        popad
        clc
        ret
.unlock:
        mov dx, [si + xms_block.handle]
        mov ah, XMS_UNLOCK
        call far [xms_entry]
        mov dword [si + xms_block.linear], 0
.give_back:
        mov dx, [si + xms_block.handle]
        mov ah, XMS_FREE
        call far [xms_entry]
.refused:
        pop es
        popad
        mov al, [xms_why]
        stc
        ret

; xms_unreal -- give ES, FS and GS a 4 GiB limit: load them in protected mode with the
;               flat descriptor, then back in real mode their values again
; IN:  interrupts enabled; not in virtual 8086 mode
; OUT: ES, FS, GS as before, each with a 4 GiB limit
; CHG: EAX, BX
xms_unreal:
        mov eax, cs
        shl eax, 4
        add eax, xms_gdt
        mov [xms_gdtr + 2], eax
        push es
        push fs
        push gs
        cli
        lgdt [xms_gdtr]
        mov eax, cr0
        or al, CR0_PE
        mov cr0, eax
        jmp short .protected        ; (the prefetched bytes were decoded in real mode)
.protected:
        mov bx, FLAT_SELECTOR
        mov es, bx
        mov fs, bx
        mov gs, bx
        and al, ~CR0_PE
        mov cr0, eax
        jmp short .real
.real:  pop gs
        pop fs
        pop es
        sti
        ret

; xms_zero -- empty a block: every byte 0 (for the hash table: a key of 0 with
;             BOUND_NONE, as ttable.asm's search_clear leaves the table in conventional
;             memory)
; IN:  SI -> the block's record, an open block; not in virtual 8086 mode
; OUT: the block zeroed; ES, FS, GS with 4 GiB limits (xms_unreal)
; CHG: nothing
xms_zero:
        push es
        pushad
        call xms_unreal
        xor ax, ax
        mov es, ax
        mov edi, [si + xms_block.linear]
        movzx ecx, word [si + xms_block.kib]
        shl ecx, KIB_SHIFT - DWORD_SHIFT ; KiB -> dwords
        xor eax, eax
        a32 rep stosd
        popad
        pop es
        ret

; xms_close -- give a block back (unlocked, freed, A20 as it was); nothing if none
; IN:  SI -> the block's record
; OUT: its .linear 0, .kib 0
; CHG: nothing
xms_close:
        cmp dword [si + xms_block.linear], 0
        je .none
        pushad
        mov ah, XMS_LOCAL_A20_OFF
        call far [xms_entry]
        mov dx, [si + xms_block.handle]
        mov ah, XMS_UNLOCK
        call far [xms_entry]
        mov dx, [si + xms_block.handle]
        mov ah, XMS_FREE
        call far [xms_entry]
        mov dword [si + xms_block.linear], 0
        mov word [si + xms_block.kib], 0
        popad
.none:  ret
