"""Energy + force matching; the forces are -dE/dpos, kept in the graph while training."""
import torch
import torch.nn.functional as F


class EnergyForceLoss:
    def __init__(self, w_energy=0.01, w_force=1.0, w_type=0.1):
        self.w_energy, self.w_force, self.w_type = w_energy, w_force, w_type

    def forces(self, model, z, pos, mask, training=True):
        pos = pos.requires_grad_(True)
        energy, type_logp = model(z, pos, mask)
        f = -torch.autograd.grad(energy.sum(), pos, create_graph=training)[0]
        return energy, f, type_logp

    def __call__(self, model, batch, training=True):
        z, pos, mask, e_ref, f_ref, masked_types = batch
        energy, f, type_logp = self.forces(model, z, pos, mask, training)
        l_e = F.mse_loss(energy, e_ref)
        l_f = ((f - f_ref).pow(2).sum(-1) * mask).sum() / mask.sum()
        l_t = F.nll_loss(type_logp.flatten(0, 1), masked_types.flatten(), ignore_index=-1)
        return self.w_energy * l_e + self.w_force * l_f + self.w_type * l_t
