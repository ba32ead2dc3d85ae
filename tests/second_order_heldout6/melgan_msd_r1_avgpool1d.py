"""MelGAN-style multi-scale waveform discriminator (Kumar et al. 2019): three identical conv stacks see the
raw audio and two average-pooled copies of it. Trained with the hinge loss plus a zero-centred R1 penalty on
real audio (taken through all three scales with create_graph=True) instead of feature matching."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class ScaleDiscriminator(nn.Module):
    def __init__(self, ch=16, max_ch=256):
        super().__init__()
        convs = [nn.Conv1d(1, ch, 15, padding=7)]
        c = ch
        for _ in range(4):
            c_out = min(c * 4, max_ch)
            convs.append(nn.Conv1d(c, c_out, 41, stride=4, padding=20, groups=max(c // 4, 1)))
            c = c_out
        convs.append(nn.Conv1d(c, c, 5, padding=2))
        self.convs = nn.ModuleList(convs)
        self.post = nn.Conv1d(c, 1, 3, padding=1)

    def forward(self, x):
        for conv in self.convs:
            x = F.leaky_relu(conv(x), 0.2)
        return self.post(x)


class MultiScaleDiscriminator(nn.Module):
    def __init__(self, n_scales=3):
        super().__init__()
        self.discs = nn.ModuleList([ScaleDiscriminator() for _ in range(n_scales)])
        self.pool = nn.AvgPool1d(4, stride=2, padding=1, count_include_pad=False)

    def forward(self, wav):
        outs = []
        for i, d in enumerate(self.discs):
            if i > 0:
                wav = self.pool(wav)
            outs.append(d(wav))
        return outs


def d_step(msd, opt_d, real, fake, gamma=1.0):
    real = real.requires_grad_(True)
    d_real = msd(real)
    d_fake = msd(fake.detach())
    loss = sum(F.relu(1 - r).mean() + F.relu(1 + f).mean() for r, f in zip(d_real, d_fake))
    grad_real, = torch.autograd.grad(sum(r.sum() for r in d_real), real, create_graph=True)
    r1 = grad_real.pow(2).sum(dim=[1, 2]).mean()
    opt_d.zero_grad()
    (loss + 0.5 * gamma * r1).backward()
    opt_d.step()
    return loss.item(), r1.item()


if __name__ == "__main__":
    msd = MultiScaleDiscriminator()
    opt = torch.optim.Adam(msd.parameters(), 1e-4, betas=(0.5, 0.9))
    print(d_step(msd, opt, torch.randn(2, 1, 1024), torch.randn(2, 1, 1024)))
