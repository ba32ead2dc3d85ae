"""Build a pad block with torch.full sized by a count pulled out of a tensor."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def __init__(self, pad_id=0, max_len=16):
        super().__init__()
        self.pad_id, self.max_len = pad_id, max_len

    def forward(self, ids, length):
        n_pad = self.max_len - int(length)
        pad = torch.full((n_pad,), self.pad_id, dtype=ids.dtype)  # expect: MS203 dynamic
        return torch.cat([ids[: self.max_len - n_pad], pad])


def inputs():
    return torch.randint(1, 100, (16,)), torch.tensor(11)
