# StyleGAN2-ADA-style lazy R1 regularisation for a tattoo-flash sheet discriminator
import torch
import torch.nn as nn
import torch.nn.functional as F

r1_gamma = 2.0
d_reg_interval = 4


class DBlock(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv0 = nn.Conv2d(cin, cin, 3, padding=1)
        self.act = nn.ReLU6()
        self.conv1 = nn.Conv2d(cin, cout, 3, padding=1)
        self.down = nn.AvgPool2d(2)
        self.skip = nn.Conv2d(cin, cout, 1, bias=False)

    def forward(self, x):
        y = self.skip(self.down(x))
        x = self.act(self.conv0(x))
        x = self.down(self.act(self.conv1(x)))
        return (x + y) * 0.7071


class Discriminator(nn.Module):
    def __init__(self):
        super().__init__()
        self.frgb = nn.Conv2d(3, 16, 1)
        self.b0 = DBlock(16, 32)
        self.b1 = DBlock(32, 32)
        self.fc = nn.Linear(32 * 4 * 4, 1)

    def forward(self, img):
        x = self.b1(self.b0(self.frgb(img)))
        return self.fc(x.flatten(1))


D = Discriminator()
G = nn.Sequential(nn.Linear(8, 3 * 16 * 16), nn.Tanh(), nn.Unflatten(1, (3, 16, 16)))
opt_D = torch.optim.Adam(D.parameters(), lr=2e-3, betas=(0.0, 0.99))
for step in range(5):
    real_img = torch.randn(4, 3, 16, 16)
    gen_img = G(torch.randn(4, 8)).detach()
    loss_Dgen = F.softplus(D(gen_img))
    loss_Dreal = F.softplus(-D(real_img))
    loss = (loss_Dgen + loss_Dreal).mean()
    if step % d_reg_interval == 0:
        real_img_tmp = real_img.detach().requires_grad_(True)
        real_logits = D(real_img_tmp)
        r1_grads = torch.autograd.grad(outputs=[real_logits.sum()], inputs=[real_img_tmp], create_graph=True, only_inputs=True)[0]
        r1_penalty = r1_grads.square().sum([1, 2, 3])
        loss_Dr1 = r1_penalty * (r1_gamma / 2)
        loss = loss + (loss_Dr1 * d_reg_interval).mean()
    opt_D.zero_grad(set_to_none=True)
    loss.backward()
    opt_D.step()
