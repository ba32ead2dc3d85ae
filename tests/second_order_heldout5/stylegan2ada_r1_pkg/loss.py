"""StyleGAN2-ADA-style loss: non-saturating logistic loss with lazy R1 regularisation on real images."""
import torch
import torch.nn.functional as F


class StyleGAN2Loss:
    def __init__(self, G, D, augment_pipe=None, r1_gamma=10.0):
        self.G = G
        self.D = D
        self.augment_pipe = augment_pipe
        self.r1_gamma = r1_gamma

    def run_G(self, z, c):
        return self.G(z, c)

    def run_D(self, img, c):
        if self.augment_pipe is not None:
            img = self.augment_pipe(img)
        return self.D(img, c)

    def accumulate_gradients(self, phase, real_img, real_c, gen_z, gen_c, gain):
        assert phase in ["Gmain", "Greg", "Gboth", "Dmain", "Dreg", "Dboth"]
        do_Gmain = phase in ["Gmain", "Gboth"]
        do_Dmain = phase in ["Dmain", "Dboth"]
        do_Dr1 = phase in ["Dreg", "Dboth"] and self.r1_gamma != 0

        if do_Gmain:
            gen_img = self.run_G(gen_z, gen_c)
            gen_logits = self.run_D(gen_img, gen_c)
            loss_Gmain = F.softplus(-gen_logits)
            loss_Gmain.mean().mul(gain).backward()

        if do_Dmain:
            with torch.no_grad():
                gen_img = self.run_G(gen_z, gen_c)
            gen_logits = self.run_D(gen_img, gen_c)
            loss_Dgen = F.softplus(gen_logits)
            loss_Dgen.mean().mul(gain).backward()

        if do_Dmain or do_Dr1:
            real_img_tmp = real_img.detach().requires_grad_(do_Dr1)
            real_logits = self.run_D(real_img_tmp, real_c)
            loss_Dreal = 0
            if do_Dmain:
                loss_Dreal = F.softplus(-real_logits)
            loss_Dr1 = 0
            if do_Dr1:
                r1_grads = torch.autograd.grad(outputs=[real_logits.sum()], inputs=[real_img_tmp],
                                               create_graph=True, only_inputs=True)[0]
                r1_penalty = r1_grads.square().sum([1, 2, 3])
                loss_Dr1 = r1_penalty * (self.r1_gamma / 2)
            (real_logits * 0 + loss_Dreal + loss_Dr1).mean().mul(gain).backward()
