"""flash-attn style unpad_input: indices of real tokens, cumulative lengths, max length as int."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def unpad_input(hidden_states, attention_mask):
    seqlens = attention_mask.sum(dim=-1, dtype=torch.int32)
    indices = torch.nonzero(attention_mask.flatten(), as_tuple=False).flatten()  # expect: MS201 dynamic
    cu_seqlens = F.pad(torch.cumsum(seqlens, dim=0, dtype=torch.int32), (1, 0))
    flat = hidden_states.reshape(-1, hidden_states.shape[-1])
    return flat[indices], indices, cu_seqlens


class Case(nn.Module):
    def forward(self, hidden_states, attention_mask):
        packed, indices, cu = unpad_input(hidden_states, attention_mask)
        return packed * 2, cu


def inputs():
    mask = torch.tensor([[1, 1, 1, 0], [1, 1, 0, 0]])
    return torch.randn(2, 4, 8), mask
