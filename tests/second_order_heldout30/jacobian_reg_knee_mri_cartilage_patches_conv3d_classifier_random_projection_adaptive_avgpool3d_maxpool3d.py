"""Cartilage-lesion grading on 8x8x8 knee-MRI patches, trained with Jacobian regularisation.

Hoffman, Roberts & Yaida (2019): the Frobenius norm of d logits / d input is estimated with one
random unit projection per step and added to the cross-entropy loss.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

N_GRADES, BATCH, STEPS = 3, 8, 4
JAC_WEIGHT = 0.01


def make_grader(width=4):
    return nn.Sequential(
        nn.Conv3d(1, width, kernel_size=3, padding=1),
        nn.BatchNorm3d(width),
        nn.ReLU(inplace=True),
        nn.MaxPool3d(2),
        nn.Conv3d(width, 2 * width, kernel_size=3, padding=1),
        nn.ReLU(inplace=True),
        nn.AdaptiveAvgPool3d(1),
        nn.Flatten(),
        nn.Linear(2 * width, N_GRADES),
    )


def jacobian_frobenius(logits, x):
    """One-projection estimate of ||J||_F^2 (Hoffman et al., Alg. 1)."""
    v = torch.randn_like(logits)
    v = v / v.norm(dim=1, keepdim=True)
    jv, = torch.autograd.grad(logits, x, grad_outputs=v, create_graph=True)
    return N_GRADES * jv.pow(2).sum() / x.shape[0]


def mri_patches(n):
    grade = torch.randint(0, N_GRADES, (n,))
    vol = torch.randn(n, 1, 8, 8, 8) * 0.3
    vol[:, :, 3:5] += 1.0 - 0.4 * grade.view(n, 1, 1, 1, 1).float()  # thinning cartilage plate
    return vol, grade


def main():
    torch.manual_seed(5)
    model = make_grader()
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for step in range(STEPS):
        x, y = mri_patches(BATCH)
        x.requires_grad_(True)
        logits = model(x)
        ce = F.cross_entropy(logits, y)
        jac = jacobian_frobenius(logits, x)
        loss = ce + JAC_WEIGHT * jac
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: ce={ce.item():.3f} jac={jac.item():.3f}")


if __name__ == "__main__":
    main()
