"""WGAN-GP critic / generator objectives and CTGAN's conditional loss."""
import torch
import torch.nn.functional as F


def gradient_penalty(critic, real, fake, pac):
    alpha = torch.rand(real.shape[0] // pac, 1, 1).repeat(1, pac, real.shape[1]).reshape(-1, real.shape[1])
    mixed = (alpha * real + (1 - alpha) * fake).requires_grad_(True)
    scores = critic(mixed)
    (grad,) = torch.autograd.grad(scores, mixed, grad_outputs=torch.ones_like(scores), create_graph=True)
    norms = grad.reshape(-1, pac * real.shape[1]).norm(2, dim=1)
    return ((norms - 1.0) ** 2).mean()


def critic_loss(critic, real_in, fake_in):
    return critic(fake_in).mean() - critic(real_in).mean()


def conditional_loss(logits, cond_col, cond_idx, spans):
    """Cross-entropy of the generator's logits for the conditioned discrete column."""
    losses = []
    for i, (col, idx) in enumerate(zip(cond_col.tolist(), cond_idx.tolist())):
        _, a, b = spans[col]
        losses.append(F.cross_entropy(logits[i:i + 1, a:b], torch.tensor([idx])))
    return torch.stack(losses).mean()
