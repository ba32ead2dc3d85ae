"""Loader side: synthesise song units, STFT them and pool to a 32 x 16 log-power patch."""
import torch
import torch.nn.functional as F
from torch.utils.data import Dataset


class SongUnits(Dataset):
    def __init__(self, args, n=40, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.args = args
        length = args.hop * (args.frames - 1) + 1
        t = torch.arange(length) / args.sr
        f0 = 200 + 600 * torch.rand(n, 1, generator=g)
        sweep = 300 * torch.rand(n, 1, generator=g)
        self.wave = torch.sin(2 * torch.pi * (f0 + sweep * t) * t) + 0.1 * torch.randn(n, length, generator=g)

    def __len__(self):
        return len(self.wave)

    def __getitem__(self, i):
        a = self.args
        w = F.pad(self.wave[i].view(1, 1, -1), (a.n_fft // 2, a.n_fft // 2), mode="reflect").view(-1)
        spec = torch.stft(w, a.n_fft, a.hop, window=torch.hann_window(a.n_fft), center=False,
                          return_complex=True).abs().pow(2)
        logspec = torch.log10(spec[:32] + 1e-6)
        logspec = (logspec - logspec.mean()) / (logspec.std() + 1e-5)
        return logspec.unsqueeze(0)


def spec_augment(x, freq_mask, time_mask):
    """SpecAugment-style masking on a batch (B, 1, F, T); mask positions are drawn per sample."""
    b, _, nf, nt = x.shape
    f0 = torch.randint(0, nf - freq_mask + 1, (b, 1, 1, 1))
    t0 = torch.randint(0, nt - time_mask + 1, (b, 1, 1, 1))
    fi = torch.arange(nf).view(1, 1, nf, 1)
    ti = torch.arange(nt).view(1, 1, 1, nt)
    keep = ~(((fi >= f0) & (fi < f0 + freq_mask)) | ((ti >= t0) & (ti < t0 + time_mask)))
    return x * keep.to(x.dtype)
