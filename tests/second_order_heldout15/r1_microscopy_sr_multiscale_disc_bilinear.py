# Super-resolution GAN for fluorescence microscopy: multi-scale discriminator sees the HR patch
# and a bilinearly downsampled copy; real-data R1 penalty (gamma/2 * ||grad D(x)||^2).
import torch
import torch.nn as nn
import torch.nn.functional as F


class MultiScaleD(nn.Module):
    def __init__(self, ch=8):
        super().__init__()
        self.d_full = nn.Sequential(nn.Conv2d(1, ch, 3, 2, 1), nn.LeakyReLU(0.2), nn.Conv2d(ch, 1, 3, 1, 1))
        self.d_half = nn.Sequential(nn.Conv2d(1, ch, 3, 2, 1), nn.LeakyReLU(0.2), nn.Conv2d(ch, 1, 3, 1, 1))

    def forward(self, x):
        half = F.interpolate(x, scale_factor=0.5, mode="bilinear", align_corners=False)
        return self.d_full(x).mean((1, 2, 3)) + self.d_half(half).mean((1, 2, 3))


generator = nn.Sequential(nn.Upsample(scale_factor=2, mode="nearest"), nn.Conv2d(1, 8, 3, padding=1),
                          nn.ReLU(), nn.Conv2d(8, 1, 3, padding=1))
disc = MultiScaleD()
g_opt = torch.optim.Adam(generator.parameters(), lr=1e-4, betas=(0.5, 0.999))
d_opt = torch.optim.Adam(disc.parameters(), lr=1e-4, betas=(0.5, 0.999))
gamma = 1.0

for it in range(3):
    lr_img, hr_img = torch.rand(4, 1, 16, 16), torch.rand(4, 1, 32, 32)
    sr = generator(lr_img)
    hr_img.requires_grad_()
    d_real = disc(hr_img)
    d_fake = disc(sr.detach())
    loss_d = F.softplus(-d_real).mean() + F.softplus(d_fake).mean()
    grad_real = torch.autograd.grad(d_real.sum(), hr_img, create_graph=True)[0]
    loss_r1 = gamma / 2 * grad_real.pow(2).flatten(1).sum(1).mean()
    d_opt.zero_grad()
    (loss_d + loss_r1).backward()
    d_opt.step()
    loss_g = F.softplus(-disc(sr)).mean() + F.l1_loss(sr, hr_img.detach())
    g_opt.zero_grad()
    loss_g.backward()
    g_opt.step()
    print(it, loss_d.item(), loss_r1.item(), loss_g.item())
