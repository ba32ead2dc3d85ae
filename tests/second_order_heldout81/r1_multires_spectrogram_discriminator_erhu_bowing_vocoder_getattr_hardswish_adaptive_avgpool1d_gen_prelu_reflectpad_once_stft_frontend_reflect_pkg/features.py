import torch
import torch.nn as nn
import torch.nn.functional as F


def stft_magnitude(wav, n_fft, hop):
    """|STFT| via reflect-padded framing (wav: (B, 1, T)) -> (B, n_fft//2+1, frames)."""
    pad = (n_fft - hop) // 2
    x = F.pad(wav, (pad, pad), mode="reflect").squeeze(1)
    frames = x.unfold(-1, n_fft, hop) * torch.hann_window(n_fft, device=wav.device)
    return torch.fft.rfft(frames, dim=-1).abs().clamp(min=1e-7).transpose(1, 2)


class MultiResolutionSpectrogram(nn.Module):
    def __init__(self, resolutions):
        super().__init__()
        self.resolutions = list(resolutions)

    def forward(self, wav):
        return [torch.log1p(stft_magnitude(wav, n_fft, hop)) for n_fft, hop in self.resolutions]


class LogMelFrontend(nn.Module):
    def __init__(self, n_fft, hop, n_mels):
        super().__init__()
        self.n_fft, self.hop = n_fft, hop
        n_bins = n_fft // 2 + 1
        centres = torch.linspace(1, n_bins - 2, n_mels)
        self.register_buffer("fb", torch.clamp(1 - (torch.arange(n_bins)[None] - centres[:, None]).abs() / 2.5, min=0))

    def forward(self, wav):
        return torch.log(self.fb @ stft_magnitude(wav, self.n_fft, self.hop) ** 2 + 1e-5)


def multi_resolution_stft_loss(fake_specs, real_specs):
    loss = 0.0
    for f, r in zip(fake_specs, real_specs):
        sc = torch.linalg.norm(r - f) / torch.linalg.norm(r)
        loss = loss + sc + (f - r).abs().mean()
    return loss / len(fake_specs)
