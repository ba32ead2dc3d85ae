import torch
from torch import nn
import torch.nn.functional as F


class SketchDiscriminator(nn.Module):
    def __init__(self, ch=16):
        super().__init__()
        self.conv1 = nn.Conv2d(1, ch, 3, padding=1)
        self.act = nn.Hardswish()
        self.down = nn.AvgPool2d(2)
        self.conv2 = nn.Conv2d(ch, ch * 2, 3, padding=1)
        self.fc = nn.Linear(ch * 2 * 4 * 4, 1)

    def forward(self, img):
        h = self.down(self.act(self.conv1(img)))
        h = self.down(self.act(self.conv2(h)))
        return self.fc(h.flatten(1))


def r1_penalty(d_out, x_in):
    grad_real, = torch.autograd.grad(outputs=d_out.sum(), inputs=x_in, create_graph=True)
    return grad_real.pow(2).reshape(grad_real.shape[0], -1).sum(1).mean()


disc = SketchDiscriminator()
gen = nn.Sequential(nn.Linear(32, 256), nn.Sigmoid())
d_optim = torch.optim.Adam(disc.parameters(), lr=2e-4, betas=(0.0, 0.99))
r1_gamma = 10.0
for step in range(2):
    real_img = torch.rand(4, 1, 16, 16)
    fake_img = gen(torch.randn(4, 32)).view(4, 1, 16, 16)
    fake_pred = disc(fake_img.detach())
    real_img.requires_grad = True
    real_pred = disc(real_img)
    d_loss = F.softplus(fake_pred).mean() + F.softplus(-real_pred).mean()
    r1_loss = r1_penalty(real_pred, real_img)
    disc.zero_grad()
    (d_loss + r1_gamma / 2 * r1_loss).backward()
    d_optim.step()
