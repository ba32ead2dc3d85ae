# Lazy R1 regularisation for a synthetic-fingerprint GAN discriminator (StyleGAN2-ADA loss.py layout).
import torch
import torch.nn as nn


class FingerprintD(nn.Module):
    def __init__(self, nf=8):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(1, nf, 3, padding=1),
            nn.ReLU6(inplace=False),
            nn.Conv2d(nf, nf * 2, 3, stride=2, padding=1),
            nn.ReLU6(),
        )
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(nf * 2, 1)

    def forward(self, img):
        return self.fc(self.pool(self.body(img)).flatten(1))


class StyleGAN2Loss:
    def __init__(self, D, r1_gamma=1.0):
        self.D = D
        self.r1_gamma = r1_gamma

    def accumulate_gradients(self, phase, real_img, gain):
        if phase in ['Dmain', 'Dboth']:
            loss_Dgen = torch.nn.functional.softplus(self.D(real_img.flip(3))).mean()
            loss_Dgen.mul(gain).backward()
        if phase in ['Dreg', 'Dboth']:
            real_img_tmp = real_img.detach().requires_grad_(True)
            real_logits = self.D(real_img_tmp)
            r1_grads = torch.autograd.grad(outputs=[real_logits.sum()], inputs=[real_img_tmp],
                                           create_graph=True, only_inputs=True)[0]
            r1_penalty = r1_grads.square().sum([1, 2, 3])
            loss_Dr1 = r1_penalty * (self.r1_gamma / 2)
            loss_Dr1.mean().mul(gain).backward()


D = FingerprintD()
opt = torch.optim.Adam(D.parameters(), lr=2e-3, betas=(0.0, 0.99))
loss = StyleGAN2Loss(D, r1_gamma=0.5)
D_reg_interval = 16
for cur_nimg, batch_idx in enumerate(range(2)):
    imgs = torch.rand(3, 1, 16, 16)
    opt.zero_grad(set_to_none=True)
    loss.accumulate_gradients('Dmain', imgs, gain=1)
    if batch_idx % D_reg_interval == 0:
        loss.accumulate_gradients('Dreg', imgs, gain=D_reg_interval)
    opt.step()
