# StyleGAN2-ADA style R1 regulariser (loss.py: accumulate_gradients, phase Dreg) for lichen-texture patches.
import torch
import torch.nn as nn
import torch.nn.functional as F


class LichenDisc(nn.Module):
    def __init__(self, ch=8, n_proto=4):
        super().__init__()
        self.stem = nn.Conv2d(3, ch, 3, padding=1)
        self.act = nn.ReLU6()
        self.down = nn.Conv2d(ch, ch, 4, stride=2, padding=1)
        self.proto = nn.Parameter(torch.randn(n_proto, ch))

    def forward(self, img):
        x = self.act(self.stem(img))
        x = self.act(self.down(x))
        feat = x.mean(dim=(2, 3))
        feat = F.normalize(feat, dim=1)
        return (feat @ self.proto.t()).logsumexp(dim=1, keepdim=True)


class LichenGen(nn.Module):
    def __init__(self, z_dim=16):
        super().__init__()
        self.fc = nn.Linear(z_dim, 3 * 16 * 16)

    def forward(self, z):
        return torch.tanh(self.fc(z)).view(-1, 3, 16, 16)


G, D = LichenGen(), LichenDisc()
opt_G = torch.optim.Adam(G.parameters(), lr=2e-3, betas=(0.0, 0.99))
opt_D = torch.optim.Adam(D.parameters(), lr=2e-3, betas=(0.0, 0.99))
r1_gamma = 1.0
reg_interval = 4

for cur_nimg in range(4):
    real_img = torch.rand(4, 3, 16, 16) * 2 - 1
    gen_z = torch.randn(4, 16)
    # Gmain
    loss_Gmain = F.softplus(-D(G(gen_z))).mean()
    opt_G.zero_grad(set_to_none=True)
    loss_Gmain.backward()
    opt_G.step()
    # Dmain
    loss_Dgen = F.softplus(D(G(gen_z).detach())).mean()
    loss_Dreal = F.softplus(-D(real_img)).mean()
    loss_D = loss_Dgen + loss_Dreal
    # Dreg (lazy regularisation)
    if cur_nimg % reg_interval == 0:
        real_img_tmp = real_img.detach().requires_grad_(True)
        real_logits = D(real_img_tmp)
        r1_grads = torch.autograd.grad(outputs=[real_logits.sum()], inputs=[real_img_tmp],
                                       create_graph=True, only_inputs=True)[0]
        r1_penalty = r1_grads.square().sum([1, 2, 3])
        loss_Dr1 = r1_penalty * (r1_gamma / 2)
        loss_D = loss_D + (loss_Dr1.mean() * reg_interval)
    opt_D.zero_grad(set_to_none=True)
    loss_D.backward()
    opt_D.step()
print(float(loss_D))
