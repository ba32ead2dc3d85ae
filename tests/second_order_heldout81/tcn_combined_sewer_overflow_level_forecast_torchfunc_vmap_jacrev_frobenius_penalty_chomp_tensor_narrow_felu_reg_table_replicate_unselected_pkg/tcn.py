"""Temporal convolutional network (Bai, Kolter & Koltun, 2018) with causal chomping."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Chomp1d(nn.Module):
    def __init__(self, chomp_size):
        super().__init__()
        self.chomp_size = chomp_size

    def forward(self, x):
        return x.narrow(2, 0, x.size(2) - self.chomp_size)


class TemporalBlock(nn.Module):
    def __init__(self, n_in, n_out, kernel_size, dilation):
        super().__init__()
        pad = (kernel_size - 1) * dilation
        self.conv1 = nn.Conv1d(n_in, n_out, kernel_size, padding=pad, dilation=dilation)
        self.chomp1 = Chomp1d(pad)
        self.conv2 = nn.Conv1d(n_out, n_out, kernel_size, padding=pad, dilation=dilation)
        self.chomp2 = Chomp1d(pad)
        self.downsample = nn.Conv1d(n_in, n_out, 1) if n_in != n_out else None

    def forward(self, x):
        out = F.elu(self.chomp1(self.conv1(x)))
        out = torch.relu(self.chomp2(self.conv2(out)))
        res = x if self.downsample is None else self.downsample(x)
        return torch.relu(out + res)


class TCNForecaster(nn.Module):
    def __init__(self, n_inputs, channels, kernel_size, horizon):
        super().__init__()
        blocks, n_in = [], n_inputs
        for i, ch in enumerate(channels):
            blocks.append(TemporalBlock(n_in, ch, kernel_size, dilation=2 ** i))
            n_in = ch
        self.network = nn.Sequential(*blocks)
        self.head = nn.Linear(n_in, horizon)

    def forward(self, x):  # (B, n_inputs, T) -> (B, horizon)
        return self.head(self.network(x)[:, :, -1])
