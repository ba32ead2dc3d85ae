# StyleGAN2-ADA style loss with lazy R1 on strong-lensing galaxy cutouts.
import torch
import torch.nn as nn
import torch.nn.functional as F


class DiscBlock(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 3, padding=1)
        self.act = nn.PReLU(cout)
        self.down = nn.AvgPool2d(2)

    def forward(self, x):
        return self.down(self.act(self.conv(x)))


class Discriminator(nn.Module):
    def __init__(self, res=16):
        super().__init__()
        self.b0 = DiscBlock(3, 8)
        self.b1 = DiscBlock(8, 16)
        self.fc = nn.Linear(16 * (res // 4) ** 2, 1)

    def forward(self, img):
        x = self.b1(self.b0(img))
        return self.fc(x.flatten(1))


class StyleGAN2Loss:
    def __init__(self, G, D, r1_gamma=10.0):
        self.G, self.D, self.r1_gamma = G, D, r1_gamma

    def accumulate_gradients(self, phase, real_img, gen_z, gain):
        if phase in ("Gmain", "Gboth"):
            gen_logits = self.D(self.G(gen_z))
            loss_Gmain = F.softplus(-gen_logits)
            loss_Gmain.mean().mul(gain).backward()
        if phase in ("Dmain", "Dboth"):
            gen_logits = self.D(self.G(gen_z).detach())
            F.softplus(gen_logits).mean().mul(gain).backward()
        if phase in ("Dmain", "Dreg", "Dboth"):
            real_img_tmp = real_img.detach().requires_grad_(phase in ("Dreg", "Dboth"))
            real_logits = self.D(real_img_tmp)
            loss_Dreal = 0
            if phase in ("Dmain", "Dboth"):
                loss_Dreal = F.softplus(-real_logits)
            loss_Dr1 = 0
            if phase in ("Dreg", "Dboth"):
                r1_grads = torch.autograd.grad(outputs=[real_logits.sum()], inputs=[real_img_tmp],
                                               create_graph=True, only_inputs=True)[0]
                r1_penalty = r1_grads.square().sum([1, 2, 3])
                loss_Dr1 = r1_penalty * (self.r1_gamma / 2)
            (real_logits * 0 + loss_Dreal + loss_Dr1).mean().mul(gain).backward()


def run():
    G = nn.Sequential(nn.Linear(8, 3 * 16 * 16), nn.Tanh(), nn.Unflatten(1, (3, 16, 16)))
    D = Discriminator()
    loss = StyleGAN2Loss(G, D)
    d_opt = torch.optim.Adam(D.parameters(), lr=2e-3, betas=(0.0, 0.99))
    g_opt = torch.optim.Adam(G.parameters(), lr=2e-3, betas=(0.0, 0.99))
    r1_interval = 2
    for step in range(3):
        real = torch.randn(4, 3, 16, 16)
        z = torch.randn(4, 8)
        g_opt.zero_grad(set_to_none=True)
        loss.accumulate_gradients("Gmain", real, z, 1.0)
        g_opt.step()
        d_opt.zero_grad(set_to_none=True)
        loss.accumulate_gradients("Dmain", real, z, 1.0)
        if step % r1_interval == 0:
            loss.accumulate_gradients("Dreg", real, z, float(r1_interval))
        d_opt.step()


if __name__ == "__main__":
    run()
