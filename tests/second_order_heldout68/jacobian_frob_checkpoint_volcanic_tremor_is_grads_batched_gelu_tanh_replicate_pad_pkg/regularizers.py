"""Jacobian Frobenius-norm regulariser (Hoffman et al. 2019) with batched random projections."""
import torch


def jacobian_frobenius(logits, x, n_proj):
    """||J||_F^2 estimated with n_proj unit projections of the logits, all VJPs in one batched backward."""
    n_classes = logits.shape[-1]
    v = torch.randn(n_proj, *logits.shape)
    v = v / v.norm(dim=-1, keepdim=True)
    jv, = torch.autograd.grad(logits, x, grad_outputs=v, is_grads_batched=True, create_graph=True)
    return n_classes * jv.pow(2).sum(dim=tuple(range(2, jv.dim()))).mean()
