"""Loss terms. JacobianPenaltyMixin is mixed into any nn.Module mapping noisy -> enhanced."""
import torch


class JacobianPenaltyMixin:
    """Hutchinson estimate of ||J||_F^2 of the enhancer w.r.t. its input waveform.

    A small input-output Jacobian keeps the stimulation pattern stable under
    microphone noise; the penalty is trained jointly with the SI-SNR objective.
    """

    def jacobian_penalty(self, noisy, probes=1):
        x = noisy.detach().requires_grad_(True)
        y = self(x)
        total = 0.0
        for _ in range(probes):
            v = torch.randn_like(y)
            (vjp,) = torch.autograd.grad(y, x, grad_outputs=v, create_graph=True)
            total = total + vjp.pow(2).sum(dim=-1).mean()
        return total / probes


def si_snr(est, ref, eps=1e-8):
    ref = ref - ref.mean(dim=-1, keepdim=True)
    est = est - est.mean(dim=-1, keepdim=True)
    proj = (est * ref).sum(-1, keepdim=True) / (ref.pow(2).sum(-1, keepdim=True) + eps) * ref
    noise = est - proj
    return 10 * torch.log10(proj.pow(2).sum(-1) / (noise.pow(2).sum(-1) + eps) + eps)
