"""Patch discriminator for texture synthesis (SinGAN/PSGAN-like) with L2-power pooling between scales and a
zero-centred R2 penalty on generated patches (gradient of D's output w.r.t. its fake input, create_graph)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class PatchD(nn.Module):
    def __init__(self, ch=32, n_blocks=3):
        super().__init__()
        blocks, c = [], 3
        for i in range(n_blocks):
            blocks += [nn.Conv2d(c, ch, 3, padding=1), nn.LeakyReLU(0.2), nn.LPPool2d(2, kernel_size=2, stride=2)]
            c = ch
        self.body = nn.Sequential(*blocks)
        self.head = nn.Conv2d(ch, 1, 1)

    def forward(self, x):
        return self.head(self.body(x))


def d_loss_r2(D, real, fake, gamma=5.0):
    fake = fake.detach().requires_grad_(True)
    d_fake = D(fake)
    loss = F.softplus(-D(real)).mean() + F.softplus(d_fake).mean()
    g, = torch.autograd.grad(d_fake.sum(), fake, create_graph=True)
    return loss + 0.5 * gamma * g.pow(2).flatten(1).sum(1).mean()


if __name__ == "__main__":
    D = PatchD(ch=8)
    opt = torch.optim.Adam(D.parameters(), 1e-4)
    loss = d_loss_r2(D, torch.rand(2, 3, 16, 16), torch.rand(2, 3, 16, 16))
    opt.zero_grad(); loss.backward(); opt.step()
