# U-Net GAN discriminator (Schonfeld et al. 2020) with R1 regularisation, ceramic glaze swatches.
# The decoder branch gives a per-pixel real/fake map; R1 is taken on the sum of both heads.
import torch
import torch.nn as nn
import torch.nn.functional as F


class UNetDisc(nn.Module):
    def __init__(self, c=8):
        super().__init__()
        self.down1 = nn.Conv2d(3, c, 4, 2, 1)
        self.down2 = nn.Conv2d(c, 2 * c, 4, 2, 1)
        self.mid_act = nn.PReLU()
        self.enc_head = nn.Linear(2 * c * 4 * 4, 1)
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.up_conv1 = nn.Conv2d(3 * c, c, 3, 1, 1)
        self.up_conv2 = nn.Conv2d(c, 1, 3, 1, 1)

    def forward(self, x):
        d1 = F.leaky_relu(self.down1(x), 0.2)
        d2 = self.mid_act(self.down2(d1))
        global_logit = self.enc_head(d2.flatten(1))
        u = torch.cat([self.up(d2), d1], dim=1)
        u = F.leaky_relu(self.up_conv1(u), 0.2)
        pixel_logits = self.up_conv2(self.up(u))
        return global_logit, pixel_logits


def d_r1_loss(real_pred, real_img):
    (grad_real,) = torch.autograd.grad(outputs=real_pred.sum(), inputs=real_img, create_graph=True)
    return grad_real.pow(2).reshape(grad_real.shape[0], -1).sum(1).mean()


disc = UNetDisc()
gen = nn.Sequential(nn.Linear(8, 3 * 16 * 16), nn.Tanh())
d_optim = torch.optim.Adam(disc.parameters(), lr=2e-4, betas=(0.0, 0.99))
r1_gamma, d_reg_every = 10.0, 2
for i in range(4):
    real_img = torch.rand(2, 3, 16, 16) * 2 - 1
    fake_img = gen(torch.randn(2, 8)).view(2, 3, 16, 16).detach()
    fg, fp = disc(fake_img)
    rg, rp = disc(real_img)
    d_loss = F.softplus(fg).mean() + F.softplus(-rg).mean() + F.softplus(fp).mean() + F.softplus(-rp).mean()
    d_optim.zero_grad()
    d_loss.backward()
    d_optim.step()
    if i % d_reg_every == 0:
        real_img.requires_grad = True
        real_g, real_p = disc(real_img)
        r1_loss = d_r1_loss(real_g.sum() + real_p.mean(), real_img)
        d_optim.zero_grad()
        (r1_gamma / 2 * r1_loss * d_reg_every).backward()
        d_optim.step()
